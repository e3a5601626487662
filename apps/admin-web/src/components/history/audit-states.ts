import type { ApkHistoryEntry, AuditNames, OfflinePackHistoryEntry, RecipeHistoryEntry } from '@kb/contracts';
import type { ComponentType } from 'react';

/** A recipe as its stream folds to after an event (`/api/audit/state?kind=recipe`). */
export type RecipeAuditState = RecipeHistoryEntry['state'];
export type ApkAuditState = ApkHistoryEntry['state'];
export type OfflinePackAuditState = OfflinePackHistoryEntry['state'];

/** Draws a record as of an event of its stream, in its own detail page's layout. */
type StateView<S> = ComponentType<{ state: S; names: AuditNames }>;

/** How each kind of audited record is drawn as of an event: each feature's own view, given by the app. */
export interface AuditStateViews {
  recipe: StateView<RecipeAuditState>;
  apk: StateView<ApkAuditState>;
  offlinePack: StateView<OfflinePackAuditState>;
}
