import type { OfflinePackEventType } from '@kb/domain';
import { messagesOf } from '../../common/messages.js';

/**
 * Messages of the offline-pack endpoints that are not the decider's (those are
 * `OFFLINE_PACK_DOMAIN_MESSAGES`, offline-pack-domain.messages.ts): checks against the brand's data, concurrency, answers. Merged into the API catalog.
 */
export const OFFLINE_PACK_API_MESSAGES = messagesOf(import.meta.url, './offline-pack-api.messages.json');

/** What each event says in the history timeline. */
export const OFFLINE_PACK_EVENT_TITLES: Record<OfflinePackEventType, { zh: string; en: string }> = {
  OfflinePackCreated: { zh: '新建离线菜谱包', en: 'Pack created' },
  OfflinePackRevised: { zh: '修改内容', en: 'Content edited' },
  OfflinePackTestPublished: { zh: '发布测试', en: 'Published to test devices' },
  OfflinePackTestCancelled: { zh: '取消测试', en: 'Taken off test devices' },
  OfflinePackUntestedReleaseApproved: {
    zh: '未测试直接上线：{reason}',
    en: 'Published without a test: {reason}',
  },
  OfflinePackPublishedOnline: { zh: '发布上线', en: 'Published online' },
  OfflinePackOnlineCancelled: { zh: '取消上线', en: 'Taken offline' },
  OfflinePackDeleted: { zh: '删除', en: 'Deleted' },
};
