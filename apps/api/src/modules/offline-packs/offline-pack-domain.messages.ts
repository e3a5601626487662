import type {
  OfflinePackAction,
  OfflinePackHint,
  OfflinePackRequiredPart,
  OfflinePackStage,
} from '@kb/domain';

/**
 * Every code the offline-pack decider of @kb/domain throws and every `offline_pack_*` message key of the schemas
 * in @kb/contracts (offline-pack.ts), in zh and en. The decider's params name enumerated things by key (stage,
 * action, hint, missing parts); `{param:table}` placeholders word them from the tables below.
 */
export const OFFLINE_PACK_DOMAIN_MESSAGES: Record<string, { zh: string; en: string }> = {
  offline_pack_not_found: { zh: '离线菜谱包不存在', en: 'The offline recipe pack does not exist' },
  offline_pack_already_exists: { zh: '离线菜谱包已存在', en: 'The offline recipe pack already exists' },
  offline_pack_illegal_transition: {
    zh: '离线菜谱包{name}当前{state:offlinePackStage}，不能{action:offlinePackAction}{hint:offlinePackHint}',
    en: 'Offline recipe pack {name} is {state:offlinePackStage}; it cannot be {action:offlinePackAction}{hint:offlinePackHint}',
  },
  offline_pack_incomplete: {
    zh: '离线菜谱包{name}信息不完整：缺少{missing:offlinePackPart[]}',
    en: 'Offline recipe pack {name} is incomplete: missing {missing:offlinePackPart[]}',
  },
  offline_pack_untested_release: {
    zh: '离线菜谱包{name}未经过测试，如需直接上线请填写原因',
    en: 'Offline recipe pack {name} was never tested; give a reason to publish it online anyway',
  },
  // messages of the offline-pack schemas (@kb/contracts offline-pack.ts) that the API catalog does not already have
  offline_pack_type_invalid: { zh: '请选择离线包类型', en: 'Choose the offline pack type' },
  offline_pack_status_invalid: { zh: '状态有误', en: 'Unknown status' },
  offline_pack_revision_required: {
    zh: '缺少离线菜谱包的版本号，请重新加载后再保存',
    en: 'The pack revision is missing; reload and save again',
  },
  offline_pack_recipe_missing: {
    zh: '菜谱不存在或不属于本品牌',
    en: 'The recipe does not exist in your brand',
  },
  offline_pack_reason_too_long: {
    zh: '原因最多500个字',
    en: 'The reason is at most 500 characters',
  },
  offline_pack_too_many_recipes: {
    zh: '一个离线菜谱包最多2000个菜谱',
    en: 'An offline recipe pack holds at most 2000 recipes',
  },
};

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
