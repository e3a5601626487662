import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import enErrors from './errors.en.json' with { type: 'json' };
import type { staffErrorsZh, staffZh } from './zh.js';

export const staffEn: Catalog<typeof staffZh> = en;
export const staffErrorsEn: Catalog<typeof staffErrorsZh> = enErrors;
