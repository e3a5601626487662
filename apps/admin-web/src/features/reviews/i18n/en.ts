import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import type { reviewsZh } from './zh.js';

export const reviewsEn: Catalog<typeof reviewsZh> = en;
