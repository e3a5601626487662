import type { ApkEventType } from '@kb/domain';
import { messagesOf, wordsOf, type Words } from '../../common/messages.js';

/**
 * Messages of the APK endpoints that are not the decider's (those are `APK_DOMAIN_MESSAGES`, apk-domain.messages.ts): checks
 * against the brand's data, concurrency, answers. Merged into the API catalog (common/messages.ts).
 */
export const APK_API_MESSAGES = messagesOf(import.meta.url, './apk-api.messages.json');

/**
 * What each event says in the history timeline (`apkEvent`; `{reason}` and the like are filled from the event's
 * data), and the fault watch's pause (an `ApkRolloutPaused` of kind `faults`, `apkFaultPause`), with the finding's
 * fields.
 */
const APK_API_WORDS = wordsOf(import.meta.url, './apk-api.words.json');

export const APK_EVENT_TITLES = APK_API_WORDS.apkEvent as Record<ApkEventType, Words>;

export const APK_FAULT_PAUSE_TITLE = APK_API_WORDS.apkFaultPause!.faults!;
