import type { RecipeEventType } from '@kb/domain';
import { messagesOf, wordsOf, type Words } from '../../common/messages.js';

/**
 * Messages of the recipe endpoints that are not the decider's (those are `RECIPE_DOMAIN_MESSAGES`, recipe-domain.messages.ts): checks
 * against the brand's data, concurrency, batch summaries. Merged into the API catalog (common/messages.ts).
 */
export const RECIPE_API_MESSAGES = messagesOf(import.meta.url, './recipe-api.messages.json');

/** What each event says in the history timeline. */
export const RECIPE_EVENT_TITLES = wordsOf(import.meta.url, './recipe-api.words.json').recipeEvent as Record<
  RecipeEventType,
  Words
>;
