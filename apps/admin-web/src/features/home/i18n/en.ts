import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import type { homeZh } from './zh.js';

export const homeEn: Catalog<typeof homeZh> = en;
