import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import enErrors from './errors.en.json' with { type: 'json' };
import type { noticesErrorsZh, noticesZh } from './zh.js';

export const noticesEn: Catalog<typeof noticesZh> = en;
export const noticesErrorsEn: Catalog<typeof noticesErrorsZh> = enErrors;
