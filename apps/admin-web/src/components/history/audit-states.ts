import type { ApkHistoryEntry, OfflinePackHistoryEntry } from '@kb/contracts';
import type { RecipeContentView } from '../../features/recipes/api/recipe-detail.js';

/** A recipe as its stream folds to after an event (`/api/audit/state?kind=recipe`). */
export interface RecipeAuditState {
  status: 'editing' | 'waiting_release' | 'released' | 'recycle_bin' | 'cleared';
  version: number;
  recycledFrom: string | null;
  deletedAt: string | null;
  content: RecipeContentView;
}

export type ApkAuditState = ApkHistoryEntry['state'];
export type OfflinePackAuditState = OfflinePackHistoryEntry['state'];
