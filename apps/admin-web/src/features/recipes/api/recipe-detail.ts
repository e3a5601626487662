import type { RecipeContent } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { RECIPES_KEY } from './recipe-list.js';

export type { RecipeDetail, RecipeHistoryEntry, RecipePreview } from '@kb/contracts';

/** The content of `/api/recipe/detail`, as libs/contracts defines it. */
export type RecipeContentView = RecipeContent;

export const recipeDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...RECIPES_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/recipe/detail', { id }, { signal }),
  });

export const recipePreviewQuery = (id: string, lang: string | null, servings: number | null) =>
  queryOptions({
    queryKey: [...RECIPES_KEY, 'preview', id, lang, servings],
    queryFn: ({ signal }) => call.get('/recipe/simulatRecipeDetail', { id, lang, servings }, { signal }),
  });

export function fileUrl(fileCode: string): string {
  return `/api/file/download?fileCode=${encodeURIComponent(fileCode)}`;
}
