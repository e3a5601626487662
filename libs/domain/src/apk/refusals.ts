/**
 * What the APK decider's refusals name, as keys only: the API words them per language (its APK module registers
 * the messages and word tables), so the decider stays free of any language.
 */

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
  'start_rollout',
  'next_stage',
  'pause_rollout',
  'resume_rollout',
  'rollback_rollout',
  'complete_rollout',
] as const;
export type ApkAction = (typeof APK_ACTIONS)[number];

/** What to do first, when one thing unlocks the refused action (`hint` param; `none` when nothing does). */
export const APK_HINTS = ['recall_first', 'submit_first', 'audit_first', 'new_package', 'none'] as const;
export type ApkHint = (typeof APK_HINTS)[number];

/** The fields submission requires (§5), as the comma-separated `missing` param names them. */
export const APK_REQUIRED_PARTS = [
  'subBrandCode',
  'productCode',
  'versionNumber',
  'bootLogo',
  'bootVideo',
  'screensaver',
  'accountBackground',
  'recipeEntryBackground',
  'onlineRecipeEntryBackground',
  'modeEntryBackground',
  'modePicture',
  'modeBackground',
  'modeIcon',
] as const;
export type ApkRequiredPart = (typeof APK_REQUIRED_PARTS)[number];
/** What even a draft needs (§5): which package it is — sub-brand, adapted model and version number. */
export const APK_DRAFT_PARTS = [
  'subBrandCode',
  'productCode',
  'versionNumber',
] as const satisfies readonly ApkRequiredPart[];

/** Where a package is in use on devices, which keeps it from being deleted (`use` param of apk_in_use). */
export type ApkUse = 'testing' | 'online' | 'rollout';

/** Where a package's release stands, as `apk_rollout_illegal` names it (`rollout` param). */
export type ApkRolloutStanding = 'none' | 'running' | 'paused' | 'rolled_back' | 'completed' | 'online';
