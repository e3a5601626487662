import { RECIPE_STATUS_NAMES } from '../../../lib/labels.js';
import zh from './zh.json' with { type: 'json' };

/** The recipe screens' strings. */
export const recipesZh = { ...zh, status: RECIPE_STATUS_NAMES.zh };
