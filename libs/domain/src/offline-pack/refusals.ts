/**
 * What the offline-pack decider's refusals name, as keys only: the API words them per language (its offline-pack
 * module registers the messages and word tables), so the decider stays free of any language.
 */

/** The actions of the transition table (README.md), as `action` params name them. */
export const OFFLINE_PACK_ACTIONS = [
  'create',
  'revise',
  'publish_test',
  'cancel_test',
  'publish_online',
  'cancel_online',
  'delete',
] as const;
export type OfflinePackAction = (typeof OFFLINE_PACK_ACTIONS)[number];

/** What to do first, when one thing unlocks the refused action (`hint` param; `none` when nothing does). */
export const OFFLINE_PACK_HINTS = [
  'cancel_online_first',
  'cancel_test_first',
  'cancel_both_first',
  'none',
] as const;
export type OfflinePackHint = (typeof OFFLINE_PACK_HINTS)[number];

/** The fields §5 requires of a pack, as the comma-separated `missing` param names them. */
export const OFFLINE_PACK_REQUIRED_PARTS = ['productCode', 'subBrandCode', 'type', 'recipeIds'] as const;
export type OfflinePackRequiredPart = (typeof OFFLINE_PACK_REQUIRED_PARTS)[number];
