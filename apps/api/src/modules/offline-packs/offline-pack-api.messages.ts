import type { OfflinePackEventType } from '@kb/domain';
import { messagesOf, wordsOf, type Words } from '../../common/messages.js';

/**
 * Messages of the offline-pack endpoints that are not the decider's (those are
 * `OFFLINE_PACK_DOMAIN_MESSAGES`, offline-pack-domain.messages.ts): checks against the brand's data, concurrency, answers. Merged into the API catalog.
 */
export const OFFLINE_PACK_API_MESSAGES = messagesOf(import.meta.url, './offline-pack-api.messages.json');

/** What each event says in the history timeline. */
export const OFFLINE_PACK_EVENT_TITLES = wordsOf(import.meta.url, './offline-pack-api.words.json')
  .offlinePackEvent as Record<OfflinePackEventType, Words>;
