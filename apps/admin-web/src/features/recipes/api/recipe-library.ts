import { listQuery } from '../../../components/list-query.js';
import { fetchRecipePage } from './recipe-commands.js';
import { RECIPES_KEY } from './recipe-list.js';

export interface RecipeFilters extends Record<string, unknown> {
  number: string;
  name: string;
  status: string | null;
  categoryId: string | null;
  type: string | null;
  productCode: string | null;
  online: string | null;
  paid: string | null;
  tagId: string | null;
  lang: string | null;
  updated: [string | null, string | null];
}

export const NO_RECIPE_FILTER: RecipeFilters = {
  number: '',
  name: '',
  status: null,
  categoryId: null,
  type: null,
  productCode: null,
  online: null,
  paid: null,
  tagId: null,
  lang: null,
  updated: [null, null],
};

/**
 * The first page of the recipe library as /recipe-list first shows it (no filter): its route starts loading it
 * while the screen's code loads.
 */
export const recipeLibraryFirstPage = () =>
  listQuery([...RECIPES_KEY, 'library'], fetchRecipePage, NO_RECIPE_FILTER);
