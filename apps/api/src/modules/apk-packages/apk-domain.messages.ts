import type { ApkReleaseStatus, ApkTestStatus } from '@kb/contracts';
import type { ApkStatus } from '@kb/domain';
import { messagesOf, wordsOf, type Words } from '../../common/messages.js';

/**
 * Every code the APK decider of @kb/domain throws and every `apk_*` message key of the APK schemas in
 * @kb/contracts, in zh and en. The decider's params name enumerated things by key (state, action, hint, missing
 * parts, use); `{param:table}` placeholders word them from the tables below.
 */
export const APK_DOMAIN_MESSAGES = messagesOf(import.meta.url, './apk-domain.messages.json');

/**
 * The word tables the APK messages' placeholders name: how a package's review state reads after "is" / "当前为"
 * (`apkState`, also the audit trail's words for it, as are `apkTestStatus` and `apkReleaseStatus`); the refused
 * action, past participles in en and verbs in zh, to fit "it cannot be {action}" / "不能{action}" (`apkAction`);
 * where the release stands, after "the rollout …" (`apkRollout`); what to do first, when one thing unlocks the
 * refused action (`apkHint`); the fields submission requires (§5), as apk_incomplete lists them (`apkPart`); where
 * a package is in use on devices, as apk_in_use names it (`apkUse`).
 */
export const APK_DOMAIN_WORDS = wordsOf(import.meta.url, './apk-domain.words.json');

export const APK_STATUS_NAMES = APK_DOMAIN_WORDS.apkState as Record<ApkStatus, Words>;
export const APK_TEST_STATUS_NAMES = APK_DOMAIN_WORDS.apkTestStatus as Record<ApkTestStatus, Words>;
export const APK_RELEASE_STATUS_NAMES = APK_DOMAIN_WORDS.apkReleaseStatus as Record<ApkReleaseStatus, Words>;
