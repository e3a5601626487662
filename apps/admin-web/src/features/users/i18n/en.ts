import type { Catalog } from '../../../lib/catalog.js';
import en from './en.json' with { type: 'json' };
import type { usersZh } from './zh.js';

export const usersEn: Catalog<typeof usersZh> = en;
