import type { RecipeContent, RecipeTranslationField } from '@kb/contracts';

/**
 * What happened to a recipe (stream `recipe-<id>`). Each event is a fact carrying only the data that changed;
 * the full record is the fold of its stream. Payload shapes change only by adding an upcaster (upcasters.ts)
 * and bumping the type's entry in `RECIPE_EVENT_SCHEMA_VERSIONS`, never by rewriting stored events.
 */

/** The states a recipe can leave for the recycle bin, and so return to on recover. */
export type RecyclableStatus = 'editing' | 'waiting_release';

export interface RecipeCreated {
  type: 'RecipeCreated';
  /** `importedFrom`: created by a recipe import, from this zip (absent when created in the editor). */
  data: { recipeId: string; content: RecipeContent; importedFrom?: { fileName: string } };
}
/** The recipe was created as a copy: its own initial content (new number, not online, not paid) and its origin. */
export interface RecipeCopied {
  type: 'RecipeCopied';
  data: {
    recipeId: string;
    content: RecipeContent;
    copiedFrom: { recipeId: string; number: string; version: number };
  };
}
/** Only the top-level content fields whose value changed, with their new values. */
export interface RecipeContentRevised {
  type: 'RecipeContentRevised';
  data: { changes: Partial<RecipeContent> };
}
export interface RecipeSubmitted {
  type: 'RecipeSubmitted';
  data: Record<string, never>;
}
export interface RecipeReleased {
  type: 'RecipeReleased';
  data: { version: number };
}
export interface RecipeRecalledToEditing {
  type: 'RecipeRecalledToEditing';
  data: { from: 'waiting_release' | 'released' };
}
export interface RecipeRecalledToWaitingRelease {
  type: 'RecipeRecalledToWaitingRelease';
  data: Record<string, never>;
}
export interface RecipeMovedToRecycleBin {
  type: 'RecipeMovedToRecycleBin';
  /** `deletedAt`: ISO-8601, from the command. */
  data: { from: RecyclableStatus; deletedAt: string };
}
export interface RecipeRecovered {
  type: 'RecipeRecovered';
  data: { to: RecyclableStatus };
}
export interface RecipeCleared {
  type: 'RecipeCleared';
  data: Record<string, never>;
}
export interface RecipeOnlineStatusSet {
  type: 'RecipeOnlineStatusSet';
  data: { online: boolean };
}
export interface RecipePaidStatusSet {
  type: 'RecipePaidStatusSet';
  data: { paid: boolean };
}
export interface RecipeCategoryChanged {
  type: 'RecipeCategoryChanged';
  data: { categoryId: string | null };
}
/** Only the product codes that were not linked before. */
export interface RecipeModelsLinked {
  type: 'RecipeModelsLinked';
  data: { productCodes: string[] };
}
/** Only the product codes that were linked before. */
export interface RecipeModelsUnlinked {
  type: 'RecipeModelsUnlinked';
  data: { productCodes: string[] };
}

/**
 * A confirmed translation: per field, the source text it was made from and its text in each target language, as
 * the provider proposed it and the reviewer saw it.
 */
export interface RecipeTranslated {
  type: 'RecipeTranslated';
  data: {
    provider: string;
    sourceLang: string;
    targetLangs: string[];
    fields: RecipeTranslationField[];
    /** The translation job it came from. */
    jobId: string;
  };
}

export type RecipeEvent =
  | RecipeCreated
  | RecipeCopied
  | RecipeContentRevised
  | RecipeSubmitted
  | RecipeReleased
  | RecipeRecalledToEditing
  | RecipeRecalledToWaitingRelease
  | RecipeMovedToRecycleBin
  | RecipeRecovered
  | RecipeCleared
  | RecipeOnlineStatusSet
  | RecipePaidStatusSet
  | RecipeCategoryChanged
  | RecipeModelsLinked
  | RecipeModelsUnlinked
  | RecipeTranslated;

export type RecipeEventType = RecipeEvent['type'];

/**
 * The schema version each event type is written at (the API puts it in the event's metadata). Reading an older
 * payload runs it through `upcastRecipeEvent`.
 */
export const RECIPE_EVENT_SCHEMA_VERSIONS: Readonly<Record<RecipeEventType, number>> = {
  RecipeCreated: 1,
  RecipeCopied: 1,
  RecipeContentRevised: 1,
  RecipeSubmitted: 1,
  RecipeReleased: 1,
  RecipeRecalledToEditing: 1,
  RecipeRecalledToWaitingRelease: 1,
  RecipeMovedToRecycleBin: 1,
  RecipeRecovered: 1,
  RecipeCleared: 1,
  RecipeOnlineStatusSet: 1,
  RecipePaidStatusSet: 1,
  RecipeCategoryChanged: 1,
  RecipeModelsLinked: 1,
  RecipeModelsUnlinked: 1,
  RecipeTranslated: 1,
};

export const RECIPE_EVENT_TYPES = Object.keys(RECIPE_EVENT_SCHEMA_VERSIONS) as RecipeEventType[];

/** The event-store stream of one recipe. */
export const recipeStreamId = (recipeId: string): string => `recipe-${recipeId}`;
