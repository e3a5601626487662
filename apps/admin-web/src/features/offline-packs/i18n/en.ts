import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import type { offlinePacksZh } from './zh.js';

export const offlinePacksEn: Catalog<typeof offlinePacksZh> = en;
