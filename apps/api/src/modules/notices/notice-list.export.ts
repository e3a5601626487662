import { noticeListQuerySchema, noticePageSchema, type NoticeState } from '@kb/contracts';
import { declareListExport } from '../../common/list-export/list-export.js';
import { NoticesService } from './notices.service.js';

const STATE: Record<'zh' | 'en', Record<NoticeState, string>> = {
  zh: {
    draft: '草稿',
    scheduled: '待推送',
    pushing: '推送中',
    pushed: '已推送',
    cancelled: '已取消',
    failed: '推送失败',
  },
  en: {
    draft: 'Draft',
    scheduled: 'Scheduled',
    pushing: 'Pushing',
    pushed: 'Pushed',
    cancelled: 'Cancelled',
    failed: 'Push failed',
  },
};
const MODE = { zh: { now: '立即', timer: '定时' }, en: { now: 'Now', timer: 'Timer' } };

/** The notice list's export: the notices its filters and sort show, with their receipt counts. */
export const noticeListExport = declareListExport({
  list: 'notice',
  schema: noticeListQuerySchema,
  service: NoticesService,
  page: (notices, query) => notices.list(query),
  answer: noticePageSchema,
  summary: 'Notices of the brand, newest first; filters keyword, state, push mode, target kind',
  rows: 'the notices',
  fileName: 'notices',
  sheetName: { zh: '通知', en: 'Notices' },
  columns: [
    { header: { zh: '通知编号', en: 'Number' }, width: 12, value: (n) => n.number },
    { header: { zh: '标签', en: 'Label' }, width: 20, value: (n) => n.label },
    { header: { zh: '标题', en: 'Title' }, width: 30, value: (n) => n.title },
    { header: { zh: '推送方式', en: 'Push mode' }, width: 10, value: (n, lang) => MODE[lang][n.pushMode] },
    { header: { zh: '推送时间', en: 'Push at' }, width: 26, value: (n) => n.pushAt },
    { header: { zh: '状态', en: 'State' }, width: 10, value: (n, lang) => STATE[lang][n.state] },
    { header: { zh: '目标数', en: 'Targets' }, width: 10, value: (n) => n.targetCount },
    { header: { zh: '已接收', en: 'Received' }, width: 10, value: (n) => n.receivedCount },
    { header: { zh: '已读', en: 'Read' }, width: 10, value: (n) => n.readCount },
    { header: { zh: '创建时间', en: 'Created at' }, width: 26, value: (n) => n.createdAt },
  ],
});
