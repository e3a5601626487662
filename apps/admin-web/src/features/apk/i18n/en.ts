import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import type { apkZh } from './zh.js';

export const apkEn: Catalog<typeof apkZh> = en;
