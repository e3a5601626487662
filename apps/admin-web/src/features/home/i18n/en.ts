import type { Catalog } from '../../../lib/catalog.js';
import type { homeZh } from './zh.js';

export const homeEn: Catalog<typeof homeZh> = {
  greeting: 'Welcome, {{name}}',
  today: 'Today is {{date}}',
  counts: {
    recipeCount: 'Recipes',
    recipeCategoryCount: 'Recipe categories',
    deviceCount: 'Devices',
    onlineDeviceCount: 'Devices online',
    activatedDeviceCount: 'Devices activated',
    userCount: 'Users',
    recipeNote: 'incl. {{count}} in the recycle bin',
  },
  recipeRanking: 'Most popular recipes',
  categoryRanking: 'Most popular categories',
  rankingSeries: 'Popularity',
  rankingEmpty: 'No ranking data yet',
  rankingPeriod: 'Rankings by cooks over',
  lastDays: 'Last {{count}} days',
  allTime: 'All time',
  unavailable: 'Not available right now',
};
