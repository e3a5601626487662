import type { ApkReleaseStatus, ApkTestStatus } from '@kb/contracts';
import type { ApkAction, ApkHint, ApkRequiredPart, ApkRolloutStanding, ApkStatus, ApkUse } from '@kb/domain';
import { messagesOf } from '../../common/messages.js';

/**
 * Every code the APK decider of @kb/domain throws and every `apk_*` message key of the APK schemas in
 * @kb/contracts, in zh and en. The decider's params name enumerated things by key (state, action, hint, missing
 * parts, use); `{param:table}` placeholders word them from the tables below.
 */
export const APK_DOMAIN_MESSAGES = messagesOf(import.meta.url, './apk-domain.messages.json');

/** How a package's review state reads after "is" / "当前为" (also the audit trail's words for it). */
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

/** Past participles in en, verbs in zh, to fit "it cannot be {action}" / "不能{action}". */
const APK_ACTION_WORDS: Record<ApkAction, { zh: string; en: string }> = {
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
  start_rollout: { zh: '开始灰度发布', en: 'rolled out' },
  next_stage: { zh: '进入下一阶段', en: 'moved to its next stage' },
  pause_rollout: { zh: '暂停', en: 'paused' },
  resume_rollout: { zh: '恢复', en: 'resumed' },
  rollback_rollout: { zh: '回滚', en: 'rolled back' },
  complete_rollout: { zh: '完成', en: 'completed' },
};

/** Where the release stands, after "the rollout …" / "的灰度发布…". */
const APK_ROLLOUT_WORDS: Record<ApkRolloutStanding, { zh: string; en: string }> = {
  none: { zh: '尚未开始', en: 'has not started' },
  running: { zh: '正在进行', en: 'is running' },
  paused: { zh: '已暂停', en: 'is paused' },
  rolled_back: { zh: '已回滚', en: 'was rolled back' },
  completed: { zh: '已完成', en: 'is complete' },
  online: { zh: '不需要（已上线）', en: 'is not needed (it is online)' },
};

/** What to do first, when one thing unlocks the refused action. */
const APK_HINT_WORDS: Record<ApkHint, { zh: string; en: string }> = {
  recall_first: { zh: '，请先撤回', en: '; recall it first' },
  submit_first: { zh: '，请先提交审核', en: '; submit it for review first' },
  audit_first: { zh: '，须先审核通过', en: '; it must pass the audit first' },
  new_package: {
    zh: '，如需修改请新建APK包',
    en: '; to change it, add a new package',
  },
  none: { zh: '', en: '' },
};

/** The fields submission requires (§5), as apk_incomplete lists them. */
const APK_PART_WORDS: Record<ApkRequiredPart, { zh: string; en: string }> = {
  subBrandCode: { zh: '子品牌', en: 'the sub-brand' },
  productCode: { zh: '适配机型', en: 'the adapted model' },
  versionNumber: { zh: '版本号', en: 'the version number' },
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
};

/** Where a package is in use on devices, as apk_in_use names it. */
const APK_USE_WORDS: Record<ApkUse, { zh: string; en: string }> = {
  testing: APK_TEST_STATUS_NAMES.testing,
  online: APK_RELEASE_STATUS_NAMES.online,
  rollout: { zh: '灰度发布中', en: 'being rolled out' },
};

/** The word tables the APK messages' placeholders name. */
export const APK_DOMAIN_WORDS = {
  apkState: APK_STATUS_NAMES,
  apkAction: APK_ACTION_WORDS,
  apkHint: APK_HINT_WORDS,
  apkPart: APK_PART_WORDS,
  apkUse: APK_USE_WORDS,
  apkRollout: APK_ROLLOUT_WORDS,
};
