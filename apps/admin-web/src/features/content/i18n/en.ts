import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import enErrors from './errors.en.json' with { type: 'json' };
import type { contentErrorsZh, contentZh } from './zh.js';

export const contentEn: Catalog<typeof contentZh> = en;
export const contentErrorsEn: Catalog<typeof contentErrorsZh> = enErrors;
