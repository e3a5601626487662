import { RECIPE_STATUS_NAMES } from '../../../lib/labels.js';
import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import type { recipesZh } from './zh.js';

export const recipesEn: Catalog<typeof recipesZh> = { ...en, status: RECIPE_STATUS_NAMES.en };
