import { listScreens, page, screen } from '../../lib/screen.js';

export const deviceScreens = [
  ...listScreens(
    '/device-info-*',
    'deviceInfo',
    { menu: { group: 'devices', order: 10 } },
    {
      list: page(() => import('./routes/device-info-list-page.js'), 'DeviceInfoListPage'),
      detail: page(() => import('./routes/device-info-detail-page.js'), 'DeviceInfoDetailPage'),
    },
  ),
  screen('/fault-collect-detail', 'faultCollectDetail', {
    menu: { group: 'devices', order: 20 },
    page: page(() => import('./routes/fault-collect-detail-page.js'), 'FaultCollectDetailPage'),
  }),
  screen('/fault-record-list', 'faultRecordList', {
    menu: { group: 'devices', order: 30 },
    page: page(() => import('./routes/fault-record-list-page.js'), 'FaultRecordListPage'),
  }),
  ...listScreens(
    '/test-device-*',
    'testDevice',
    { menu: { group: 'devices', order: 40 }, permission: 'testDevice.edit' },
    {
      list: page(() => import('./routes/test-device-list-page.js'), 'TestDeviceListPage'),
      detail: page(() => import('./routes/test-device-detail-page.js'), 'TestDeviceDetailPage'),
      add: page(() => import('./routes/test-device-form-pages.js'), 'TestDeviceAddPage'),
      edit: page(() => import('./routes/test-device-form-pages.js'), 'TestDeviceEditPage'),
    },
  ),
];
