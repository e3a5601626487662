import { applyRecipeTranslation, type RecipeContent, type RecipeStatus } from '@kb/contracts';
import type { RecipeEvent, RecyclableStatus } from './events.js';

/** No event in the stream yet: only create and copy are possible. */
export interface AbsentRecipe {
  status: 'absent';
}

export interface ExistingRecipe {
  status: RecipeStatus;
  recipeId: string;
  content: RecipeContent;
  /** The released version number: 0 until the first release, then +1 per release. */
  version: number;
  /** While in the recycle bin: the state recover returns to, and when it was deleted. */
  recycledFrom: RecyclableStatus | null;
  deletedAt: string | null;
  copiedFrom: { recipeId: string; number: string; version: number } | null;
}

export type RecipeState = AbsentRecipe | ExistingRecipe;

export const initialRecipeState: RecipeState = { status: 'absent' };

/** Folds one event into the state. History is trusted: an event is applied as the fact it records. */
export function evolveRecipe(state: RecipeState, event: RecipeEvent): RecipeState {
  if (event.type === 'RecipeCreated' || event.type === 'RecipeCopied')
    return {
      status: 'editing',
      recipeId: event.data.recipeId,
      content: event.data.content,
      version: 0,
      recycledFrom: null,
      deletedAt: null,
      copiedFrom: event.type === 'RecipeCopied' ? event.data.copiedFrom : null,
    };
  // Any other event on a stream without its creation is not a recipe history; nothing to fold it into.
  if (state.status === 'absent') return state;
  const content = (changes: Partial<RecipeContent>): ExistingRecipe => ({
    ...state,
    content: { ...state.content, ...changes },
  });
  switch (event.type) {
    case 'RecipeContentRevised':
      return content(event.data.changes);
    case 'RecipeSubmitted':
      return { ...state, status: 'waiting_release' };
    case 'RecipeReleased':
      return { ...state, status: 'released', version: event.data.version };
    case 'RecipeRecalledToEditing':
      return { ...state, status: 'editing' };
    case 'RecipeRecalledToWaitingRelease':
      return { ...state, status: 'waiting_release' };
    case 'RecipeMovedToRecycleBin':
      return {
        ...state,
        status: 'recycle_bin',
        recycledFrom: event.data.from,
        deletedAt: event.data.deletedAt,
      };
    case 'RecipeRecovered':
      return { ...state, status: event.data.to, recycledFrom: null, deletedAt: null };
    case 'RecipeCleared':
      // The content stays in the state: the auditor's "state as of any event" still shows what was cleared.
      return { ...state, status: 'cleared' };
    case 'RecipeOnlineStatusSet':
      return content({ online: event.data.online });
    case 'RecipePaidStatusSet':
      return content({ paid: event.data.paid });
    case 'RecipeCategoryChanged':
      return content({ categoryId: event.data.categoryId });
    case 'RecipeModelsLinked':
      return content({ productCodes: [...state.content.productCodes, ...event.data.productCodes] });
    case 'RecipeTranslated':
      return { ...state, content: applyRecipeTranslation(state.content, event.data.fields) };
    case 'RecipeModelsUnlinked': {
      const unlinked = new Set(event.data.productCodes);
      return content({ productCodes: state.content.productCodes.filter((code) => !unlinked.has(code)) });
    }
  }
}
