import { childScreen, page, screen } from '../../lib/screen.js';

export const deviceScreens = [
  screen('/device-info-list', 'deviceInfoList', {
    menu: { group: 'devices', order: 10 },
    page: page(() => import('./routes/device-info-list-page.js'), 'DeviceInfoListPage'),
  }),
  childScreen('/device-info-detail', 'deviceInfoDetail', '/device-info-list', {
    record: true,
    page: page(() => import('./routes/device-info-detail-page.js'), 'DeviceInfoDetailPage'),
  }),
  screen('/fault-collect-detail', 'faultCollectDetail', {
    menu: { group: 'devices', order: 20 },
    page: page(() => import('./routes/fault-collect-detail-page.js'), 'FaultCollectDetailPage'),
  }),
  screen('/fault-record-list', 'faultRecordList', {
    menu: { group: 'devices', order: 30 },
    page: page(() => import('./routes/fault-record-list-page.js'), 'FaultRecordListPage'),
  }),
  screen('/test-device-list', 'testDeviceList', {
    menu: { group: 'devices', order: 40 },
    page: page(() => import('./routes/test-device-list-page.js'), 'TestDeviceListPage'),
  }),
  childScreen('/test-device-detail', 'testDeviceDetail', '/test-device-list', {
    record: true,
    page: page(() => import('./routes/test-device-detail-page.js'), 'TestDeviceDetailPage'),
  }),
  childScreen('/test-device-add', 'testDeviceAdd', '/test-device-list', {
    permission: 'testDevice.edit',
    page: page(() => import('./routes/test-device-form-pages.js'), 'TestDeviceAddPage'),
  }),
  childScreen('/test-device-edit', 'testDeviceEdit', '/test-device-list', {
    permission: 'testDevice.edit',
    record: true,
    page: page(() => import('./routes/test-device-form-pages.js'), 'TestDeviceEditPage'),
  }),
];
