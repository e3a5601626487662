import type { ApkEventType } from '@kb/domain';

/**
 * Messages of the APK endpoints that are not the decider's (those are `APK_DOMAIN_MESSAGES`, apk-domain.messages.ts): checks
 * against the brand's data, concurrency, answers. Merged into the API catalog (common/messages.ts).
 */
export const APK_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  apk_changed: {
    zh: 'APK包{name}已被他人修改，请重新加载后再编辑',
    en: 'APK package {name} was changed by someone else; reload it and edit again',
  },
  apk_picture_missing: {
    zh: '图片不存在或不是本品牌上传的图片，请重新上传',
    en: 'The picture does not exist in your brand; upload it again',
  },
  apk_video_missing: {
    zh: '视频不存在或不是本品牌上传的视频，请重新上传',
    en: 'The video does not exist in your brand; upload it again',
  },
  apk_file_missing: {
    zh: 'APK文件不存在或不是本品牌上传的APK，请重新上传',
    en: 'The APK file does not exist in your brand; upload it again',
  },
  apk_required: { zh: '此项必填', en: 'Required' },
  apk_required_for_submission: { zh: '提交审核前必须填写', en: 'Required before submitting for review' },
  apk_batch_done: { zh: '{succeeded}个APK包操作成功', en: '{succeeded} APK package(s) done' },
  apk_batch_partial: {
    zh: '{succeeded}个成功，{failed}个失败',
    en: '{succeeded} succeeded, {failed} failed',
  },
  apk_submitted: { zh: '提交审核成功', en: 'Submitted for review' },
  apk_recalled: { zh: '撤回成功', en: 'Recalled' },
  apk_audit_passed: { zh: '审核通过', en: 'Audit passed' },
  apk_audit_returned: { zh: '已退回', en: 'Returned' },
  apk_rollout_started: { zh: '灰度发布已开始', en: 'Rollout started' },
  apk_rollout_advanced: { zh: '已进入下一阶段', en: 'Next stage started' },
  apk_rollout_paused: { zh: '灰度发布已暂停', en: 'Rollout paused' },
  apk_rollout_resumed: { zh: '灰度发布已恢复', en: 'Rollout resumed' },
  apk_rollout_rolled_back: {
    zh: '已回滚，设备将恢复到原版本',
    en: 'Rolled back; devices return to their previous version',
  },
  apk_rollout_completed: { zh: '灰度发布已完成，已上线', en: 'Rollout complete; the package is online' },
};

/** What each event says in the history timeline; `{reason}` is filled from the event's data. */
export const APK_EVENT_TITLES: Record<ApkEventType, { zh: string; en: string }> = {
  ApkPackageCreated: { zh: '新建APK包', en: 'Package created' },
  ApkPackageRevised: { zh: '修改内容', en: 'Content edited' },
  ApkSubmittedForReview: { zh: '提交审核', en: 'Submitted for review' },
  ApkSubmissionRecalled: { zh: '撤回提交', en: 'Submission recalled' },
  ApkAuditPassed: { zh: '审核通过', en: 'Audit passed' },
  ApkReturned: { zh: '审核退回：{reason}', en: 'Returned: {reason}' },
  ApkTestPublished: { zh: '发布测试', en: 'Published to test devices' },
  ApkTestCancelled: { zh: '取消测试', en: 'Taken off test devices' },
  ApkPublishedOnline: { zh: '发布上线', en: 'Published online' },
  ApkOnlineCancelled: { zh: '取消上线', en: 'Taken offline' },
  ApkPackageDeleted: { zh: '删除', en: 'Deleted' },
  ApkUntestedReleaseApproved: { zh: '未测试直接发布：{reason}', en: 'Released without a test: {reason}' },
  ApkRolloutStarted: { zh: '开始灰度发布', en: 'Rollout started' },
  ApkRolloutStageStarted: {
    zh: '灰度发布第{stageNumber}阶段：{percent}%',
    en: 'Rollout stage {stageNumber}: {percent}%',
  },
  ApkRolloutPaused: { zh: '暂停灰度发布：{note}', en: 'Rollout paused: {note}' },
  ApkRolloutResumed: { zh: '恢复灰度发布', en: 'Rollout resumed' },
  ApkRolloutRolledBack: { zh: '回滚到{toVersion}：{reason}', en: 'Rolled back to {toVersion}: {reason}' },
  ApkRolloutCompleted: { zh: '完成灰度发布', en: 'Rollout completed' },
};

/** The fault watch's pause (an `ApkRolloutPaused` of kind `faults`), with the finding's fields. */
export const APK_FAULT_PAUSE_TITLE = {
  zh: '故障率超过阈值，自动暂停：{faultType} 新版本{newRate}次/台/天，旧版本{oldRate}',
  en: 'Paused by the fault watch: {faultType} at {newRate} per device per day on the new version, {oldRate} on the old',
};
