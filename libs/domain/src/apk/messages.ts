import type { ApkReleaseStatus, ApkTestStatus } from '@kb/contracts';
import type { ApkStatus } from './state.js';

/**
 * Every code the APK decider throws and every `apk_*` message key of the APK schemas in @kb/contracts, in zh and
 * en, for the API to merge into its catalog. Params that name an enumerated thing come as the key (`state`) and as
 * ready-made words per language (`stateZh`, `stateEn`), because the API's translator only substitutes.
 */
export const APK_MESSAGES: Record<string, { zh: string; en: string }> = {
  apk_not_found: { zh: 'APK包不存在', en: 'The APK package does not exist' },
  apk_already_exists: { zh: 'APK包已存在', en: 'The APK package already exists' },
  apk_illegal_transition: {
    zh: 'APK包{name}当前为“{stateZh}”，不能{actionZh}{hintZh}',
    en: 'APK package {name} is {stateEn}; it cannot be {actionEn}{hintEn}',
  },
  apk_incomplete: {
    zh: 'APK包{name}信息不完整，不能提交审核：缺少{missingZh}',
    en: 'APK package {name} is incomplete and cannot be submitted for review: missing {missingEn}',
  },
  apk_self_audit: {
    zh: 'APK包{name}是您提交的，不能由您本人审核',
    en: 'You submitted APK package {name}; someone else must audit it',
  },
  apk_return_reason_required: { zh: '请填写退回原因', en: 'Give the reason for returning it' },
  apk_in_use: {
    zh: 'APK包{name}正在{useZh}，不能删除，请先取消',
    en: 'APK package {name} is {useEn}; cancel that before deleting it',
  },
  // messages of the APK schemas (@kb/contracts apk.ts) that the API catalog does not already have
  apk_text_too_long: { zh: '文字过长', en: 'The text is too long' },
  apk_version_format: {
    zh: '版本号只能包含字母、数字和 . _ + -',
    en: 'A version may contain letters, digits and . _ + - only',
  },
  apk_revision_required: {
    zh: '缺少APK包的版本号，请重新加载后再保存',
    en: 'The package revision is missing; reload and save again',
  },
  apk_status_invalid: { zh: '状态有误', en: 'Unknown status' },
  apk_sub_brand_missing: {
    zh: '子品牌不存在或不属于本品牌',
    en: 'The sub-brand does not exist in your brand',
  },
  apk_model_missing: {
    zh: '适配机型不属于该子品牌',
    en: 'The adapted model is not one of the sub-brand’s models',
  },
};

export const APK_STATUS_NAMES: Record<ApkStatus, { zh: string; en: string }> = {
  uncommitted: { zh: '未提交', en: 'not submitted' },
  pending_review: { zh: '待审核', en: 'pending review' },
  created: { zh: '已创建', en: 'created' },
  returned: { zh: '已退回', en: 'returned' },
  deleted: { zh: '已删除', en: 'deleted' },
};

export const APK_TEST_STATUS_NAMES: Record<ApkTestStatus, { zh: string; en: string }> = {
  not_tested: { zh: '未测试', en: 'not in test' },
  testing: { zh: '测试中', en: 'in test' },
};

export const APK_RELEASE_STATUS_NAMES: Record<ApkReleaseStatus, { zh: string; en: string }> = {
  not_released: { zh: '未上线', en: 'not online' },
  online: { zh: '已上线', en: 'online' },
};

/** The actions of the transition table (README.md), as `action` params name them. */
export const APK_ACTIONS = [
  'create',
  'revise',
  'submit',
  'recall',
  'audit_pass',
  'audit_return',
  'publish_test',
  'cancel_test',
  'publish_online',
  'cancel_online',
  'delete',
] as const;
export type ApkAction = (typeof APK_ACTIONS)[number];

/** Past participles in en, verbs in zh, to fit "it cannot be {actionEn}" / "不能{actionZh}". */
export const APK_ACTION_NAMES: Record<ApkAction, { zh: string; en: string }> = {
  create: { zh: '新建', en: 'created' },
  revise: { zh: '修改', en: 'edited' },
  submit: { zh: '提交审核', en: 'submitted for review' },
  recall: { zh: '撤回', en: 'recalled' },
  audit_pass: { zh: '审核通过', en: 'passed' },
  audit_return: { zh: '退回', en: 'returned' },
  publish_test: { zh: '发布测试', en: 'published to test devices' },
  cancel_test: { zh: '取消测试', en: 'taken off test devices' },
  publish_online: { zh: '发布上线', en: 'published online' },
  cancel_online: { zh: '取消上线', en: 'taken offline' },
  delete: { zh: '删除', en: 'deleted' },
};

/** What to do first, when one thing unlocks the refused action. */
export const APK_HINTS = {
  recall_first: { zh: '，请先撤回', en: '; recall it first' },
  submit_first: { zh: '，请先提交审核', en: '; submit it for review first' },
  audit_first: { zh: '，须先审核通过', en: '; it must pass the audit first' },
  new_package: {
    zh: '，如需修改请新建APK包',
    en: '; to change it, add a new package',
  },
  none: { zh: '', en: '' },
} as const;

/** The fields submission requires (§5), as `missing` names them. */
export const APK_REQUIRED_PARTS = {
  subBrandCode: { zh: '子品牌', en: 'the sub-brand' },
  productCode: { zh: '适配机型', en: 'the adapted model' },
  bootLogo: { zh: '开机logo', en: 'the boot logo' },
  bootVideo: { zh: '开机视频', en: 'the boot video' },
  screensaver: { zh: '屏保', en: 'the screensaver' },
  accountBackground: { zh: '账号背景', en: 'the account background' },
  recipeEntryBackground: { zh: '菜谱入口背景', en: 'the recipe entry background' },
  onlineRecipeEntryBackground: { zh: '在线菜谱入口背景', en: 'the online recipe entry background' },
  modeEntryBackground: { zh: '模式入口背景', en: 'the mode entry background' },
  modePicture: { zh: '模式图片', en: 'the mode picture' },
  modeBackground: { zh: '模式背景', en: 'the mode background' },
  modeIcon: { zh: '模式图标', en: 'the mode icon' },
} as const;
export type ApkRequiredPart = keyof typeof APK_REQUIRED_PARTS;
