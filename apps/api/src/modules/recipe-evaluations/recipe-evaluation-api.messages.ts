import { messagesOf } from '../../common/messages.js';

/** Messages of the review endpoints (`/api/recipeUserEvaluation/*`); merged into the API catalog. */
export const RECIPE_EVALUATION_API_MESSAGES = messagesOf(
  import.meta.url,
  './recipe-evaluation-api.messages.json',
);
