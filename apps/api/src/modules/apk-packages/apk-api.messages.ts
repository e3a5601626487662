import type { ApkEventType } from '@kb/domain';
import { messagesOf } from '../../common/messages.js';

/**
 * Messages of the APK endpoints that are not the decider's (those are `APK_DOMAIN_MESSAGES`, apk-domain.messages.ts): checks
 * against the brand's data, concurrency, answers. Merged into the API catalog (common/messages.ts).
 */
export const APK_API_MESSAGES = messagesOf(import.meta.url, './apk-api.messages.json');

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
