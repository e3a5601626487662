import {
  deviceListPageSchema,
  deviceListQuerySchema,
  faultListQuerySchema,
  faultRecordSchema,
  pageSchema,
} from '@kb/contracts';
import { declareListExport, yesNo } from '../../common/list-export/list-export.js';
import { DeviceFaultLogsService } from './device-fault-logs.service.js';
import { DevicesService } from './devices.service.js';

/** The device list's export: every column of /device-info-list, the rows its filters and sort show. */
export const deviceListExport = declareListExport({
  list: 'device',
  schema: deviceListQuerySchema,
  service: DevicesService,
  page: (devices, query) => devices.list(query),
  answer: deviceListPageSchema,
  summary:
    'Devices of the brand, newest first, with filters; `after` = nextCursor of the previous page reads the next one by index seek; `updatedSince` = devices whose online state changed since',
  rows: 'the devices',
  fileName: 'devices',
  sheetName: { zh: '设备', en: 'Devices' },
  columns: [
    { header: { zh: '设备SN', en: 'SN' }, width: 20, value: (d) => d.sn },
    { header: { zh: '型号', en: 'Sub-model' }, width: 20, value: (d) => d.subModel },
    { header: { zh: '品牌', en: 'Brand' }, width: 16, value: (d) => d.subBrandName ?? d.subBrandCode },
    { header: { zh: '产品', en: 'Product' }, width: 20, value: (d) => d.productName ?? d.productCode },
    { header: { zh: '激活时间', en: 'Activated at' }, width: 26, value: (d) => d.activatedAt },
    { header: { zh: '在线', en: 'Online' }, width: 8, value: (d, lang) => yesNo(d.online, lang) },
    { header: { zh: 'IP', en: 'IP' }, width: 16, value: (d) => d.ip },
    { header: { zh: '最后连接时间', en: 'Last connect' }, width: 26, value: (d) => d.lastConnectAt },
    { header: { zh: 'APK版本', en: 'APK version' }, width: 12, value: (d) => d.apkVersion },
    { header: { zh: 'MCU版本', en: 'MCU version' }, width: 12, value: (d) => d.mcuVersion },
    { header: { zh: 'TP版本', en: 'TP version' }, width: 12, value: (d) => d.tpVersion },
  ],
});

/** The fault record list's export: the records its filters and sort show, with the whole error log. */
export const faultListExport = declareListExport({
  list: 'faultRecord',
  schema: faultListQuerySchema,
  service: DeviceFaultLogsService,
  page: (faults, query) => faults.list(query),
  answer: pageSchema(faultRecordSchema),
  summary: 'Fault records, newest first, with the full error log; filters SN, type, place, time',
  rows: 'the fault records',
  fileName: 'fault-records',
  sheetName: { zh: '故障记录', en: 'Fault records' },
  columns: [
    { header: { zh: '设备SN', en: 'SN' }, width: 20, value: (f) => f.sn },
    { header: { zh: '故障类型', en: 'Fault type' }, width: 14, value: (f) => f.type },
    { header: { zh: '上报时间', en: 'Reported at' }, width: 26, value: (f) => f.reportedAt },
    { header: { zh: '国家', en: 'Country' }, width: 10, value: (f) => f.country },
    { header: { zh: '城市', en: 'City' }, width: 14, value: (f) => f.city },
    { header: { zh: '产品', en: 'Product' }, width: 20, value: (f) => f.productName ?? f.productCode },
    { header: { zh: 'APK版本', en: 'APK version' }, width: 12, value: (f) => f.apkVersion },
    { header: { zh: '错误日志', en: 'Error log' }, width: 60, value: (f) => f.errorLog },
  ],
});
