import { RECIPE_STATUS_NAMES } from '../../../lib/labels.js';
import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import enErrors from './errors.en.json' with { type: 'json' };
import type { catalogErrorsZh, catalogZh } from './zh.js';

export const catalogEn: Catalog<typeof catalogZh> = { ...en, recipeStatus: RECIPE_STATUS_NAMES.en };
export const catalogErrorsEn: Catalog<typeof catalogErrorsZh> = enErrors;
