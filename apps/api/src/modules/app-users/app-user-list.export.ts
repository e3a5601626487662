import { appUserListPageSchema, appUserListQuerySchema } from '@kb/contracts';
import { declareListExport, yesNo } from '../../common/list-export/list-export.js';
import { AppUsersService } from './app-users.service.js';

const STATUS = {
  zh: { enabled: '启用', disabled: '禁用' },
  en: { enabled: 'Enabled', disabled: 'Disabled' },
};

/** The app user list's export: the users its filters and sort show, with their counts. */
export const appUserListExport = declareListExport({
  list: 'appUser',
  schema: appUserListQuerySchema,
  service: AppUsersService,
  page: (users, query) => users.list(query),
  answer: appUserListPageSchema,
  summary:
    'App users of the brand, newest first, with filters; `after` = nextCursor of the previous page reads the next one by index seek',
  rows: 'the app users',
  fileName: 'app-users',
  sheetName: { zh: '用户', en: 'Users' },
  columns: [
    { header: { zh: '用户编号', en: 'Number' }, width: 14, value: (u) => u.number },
    { header: { zh: '账号', en: 'Account' }, width: 26, value: (u) => u.account },
    { header: { zh: '昵称', en: 'Nickname' }, width: 18, value: (u) => u.nickname },
    { header: { zh: '地区', en: 'Region' }, width: 12, value: (u) => u.regionName ?? u.region },
    { header: { zh: '状态', en: 'Status' }, width: 10, value: (u, lang) => STATUS[lang][u.status] },
    { header: { zh: '已注册', en: 'Registered' }, width: 10, value: (u, lang) => yesNo(u.registered, lang) },
    { header: { zh: '收藏数', en: 'Favourites' }, width: 10, value: (u) => u.favouriteCount },
    { header: { zh: '烹饪次数', en: 'Cooks' }, width: 10, value: (u) => u.cookCount },
    { header: { zh: '设备数', en: 'Devices' }, width: 10, value: (u) => u.deviceCount },
    { header: { zh: '注册时间', en: 'Registered at' }, width: 26, value: (u) => u.registeredAt },
  ],
});
