import type {
  OfflinePackAction,
  OfflinePackHint,
  OfflinePackRequiredPart,
  OfflinePackStage,
} from '@kb/domain';
import { messagesOf } from '../../common/messages.js';

/**
 * Every code the offline-pack decider of @kb/domain throws and every `offline_pack_*` message key of the schemas
 * in @kb/contracts (offline-pack.ts), in zh and en. The decider's params name enumerated things by key (stage,
 * action, hint, missing parts); `{param:table}` placeholders word them from the tables below.
 */
export const OFFLINE_PACK_DOMAIN_MESSAGES = messagesOf(
  import.meta.url,
  './offline-pack-domain.messages.json',
);

/** How each stage reads after "is" / "当前". */
const OFFLINE_PACK_STAGE_WORDS: Record<Exclude<OfflinePackStage, 'absent'>, { zh: string; en: string }> = {
  idle: { zh: '未发布', en: 'not published' },
  testing: { zh: '测试中', en: 'in test' },
  online: { zh: '已上线', en: 'online' },
  testing_online: { zh: '测试中且已上线', en: 'in test and online' },
  deleted: { zh: '已删除', en: 'deleted' },
};

/** Past participles in en, verbs in zh, to fit "it cannot be {action}" / "不能{action}". */
const OFFLINE_PACK_ACTION_WORDS: Record<OfflinePackAction, { zh: string; en: string }> = {
  create: { zh: '新建', en: 'created' },
  revise: { zh: '修改', en: 'edited' },
  publish_test: { zh: '发布测试', en: 'published to test devices' },
  cancel_test: { zh: '取消测试', en: 'taken off test devices' },
  publish_online: { zh: '发布上线', en: 'published online' },
  cancel_online: { zh: '取消上线', en: 'taken offline' },
  delete: { zh: '删除', en: 'deleted' },
};

/** What to do first, when one thing unlocks the refused action. */
const OFFLINE_PACK_HINT_WORDS: Record<OfflinePackHint, { zh: string; en: string }> = {
  cancel_online_first: { zh: '，请先取消上线', en: '; take it offline first' },
  cancel_test_first: { zh: '，请先取消测试', en: '; take it off the test devices first' },
  cancel_both_first: {
    zh: '，请先取消测试并取消上线',
    en: '; take it off the test devices and offline first',
  },
  none: { zh: '', en: '' },
};

/** The fields §5 requires of a pack, as offline_pack_incomplete lists them. */
const OFFLINE_PACK_PART_WORDS: Record<OfflinePackRequiredPart, { zh: string; en: string }> = {
  productCode: { zh: '工厂型号', en: 'the factory model' },
  subBrandCode: { zh: '客户型号', en: 'the customer model' },
  type: { zh: '离线包类型', en: 'the pack type' },
  recipeIds: { zh: '菜谱', en: 'the recipes' },
};

/** The word tables the offline-pack messages' placeholders name. */
export const OFFLINE_PACK_DOMAIN_WORDS = {
  offlinePackStage: OFFLINE_PACK_STAGE_WORDS,
  offlinePackAction: OFFLINE_PACK_ACTION_WORDS,
  offlinePackHint: OFFLINE_PACK_HINT_WORDS,
  offlinePackPart: OFFLINE_PACK_PART_WORDS,
};
