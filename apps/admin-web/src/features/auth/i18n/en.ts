import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import type { authZh } from './zh.js';

export const authEn: Catalog<typeof authZh> = en;
