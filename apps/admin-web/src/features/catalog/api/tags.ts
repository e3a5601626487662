import type { ReferenceRoute } from './reference-records.js';

/** `/api/recipeTag/*` (§7): the tag (label) library. */
export const tagRoute: ReferenceRoute = { route: 'recipeTag', key: ['catalog', 'tags'] };

export interface TagInput {
  number: string;
  names: Record<string, string>;
}
