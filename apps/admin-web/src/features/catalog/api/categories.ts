import type { ReferenceRoute } from './reference-records.js';

/** `/api/recipeCategory/*` (§7): category settings. */
export const categoryRoute: ReferenceRoute = { route: 'recipeCategory', key: ['catalog', 'categories'] };

export interface CategoryInput {
  number: string;
  mainLang: string;
  names: Record<string, string>;
  sort: number;
  pictureFileCode: string | null;
}
