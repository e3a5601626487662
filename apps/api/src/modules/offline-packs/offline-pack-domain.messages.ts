import { messagesOf, wordsOf } from '../../common/messages.js';

/**
 * Every code the offline-pack decider of @kb/domain throws and every `offline_pack_*` message key of the schemas
 * in @kb/contracts (offline-pack.ts), in zh and en. The decider's params name enumerated things by key (stage,
 * action, hint, missing parts); `{param:table}` placeholders word them from the tables below.
 */
export const OFFLINE_PACK_DOMAIN_MESSAGES = messagesOf(
  import.meta.url,
  './offline-pack-domain.messages.json',
);

/**
 * The word tables the offline-pack messages' placeholders name: how each stage reads after "is" / "当前"
 * (`offlinePackStage`); the refused action, past participles in en and verbs in zh, to fit "it cannot be
 * {action}" / "不能{action}" (`offlinePackAction`); what to do first, when one thing unlocks the refused action
 * (`offlinePackHint`); the fields §5 requires of a pack, as offline_pack_incomplete lists them (`offlinePackPart`).
 */
export const OFFLINE_PACK_DOMAIN_WORDS = wordsOf(import.meta.url, './offline-pack-domain.words.json');
