import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import enErrors from './errors.en.json' with { type: 'json' };
import type { devicesErrorsZh, devicesZh } from './zh.js';

export const devicesEn: Catalog<typeof devicesZh> = en;
export const devicesErrorsEn: Catalog<typeof devicesErrorsZh> = enErrors;
