import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import type { accountZh } from './zh.js';

export const accountEn: Catalog<typeof accountZh> = en;
