import { RECIPE_STATUS_NAMES } from '../../../lib/labels.js';
import zh from './zh.json' with { type: 'json' };
import zhErrors from './errors.zh.json' with { type: 'json' };

/** Strings of the recipe reference-data screens. */
export const catalogZh = { ...zh, recipeStatus: RECIPE_STATUS_NAMES.zh };
/**
 * The form rules' codes — the same codes the API's validation uses — merged into the app's `errors` catalog,
 * where form errors are looked up.
 */
export const catalogErrorsZh = zhErrors;
