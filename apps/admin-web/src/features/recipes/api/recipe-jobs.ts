import type { RecipeImportMapping, StaffPostInput } from '@kb/contracts';
import { call } from '../../../lib/call.js';
import { recipeListParams, type RecipeListFilter } from './recipe-commands.js';

/** The list's filter as the export takes it: the list's query string, without its page. */
type ExportFilter = NonNullable<StaffPostInput<'/recipe/export'>['filter']>;

/**
 * Starts an export of the selected recipes, or of every recipe the list's filter shows (the API resolves the filter
 * as the list does).
 */
export const exportRecipes = (target: { ids: string[] } | { filter: RecipeListFilter }) =>
  call.post(
    '/recipe/export',
    'ids' in target ? { ids: target.ids } : { filter: recipeListParams(target.filter) as ExportFilter },
    { kind: 'command' },
  );

/** The references an uploaded recipe zip names that the brand lacks (`/api/recipe/importCheck`): nothing written. */
export const checkRecipeImport = (fileCode: string) =>
  call.post('/recipe/importCheck', { fileCode }, { kind: 'query' });

/**
 * Starts importing an uploaded recipe zip (`/api/recipe/importData`) with the mapping step's choices; the run is
 * followed by JobProgress.
 */
export const startRecipeImport = (fileCode: string, fileName: string, mapping?: RecipeImportMapping) =>
  call.post('/recipe/importData', mapping ? { fileCode, fileName, mapping } : { fileCode, fileName }, {
    kind: 'command',
  });

/** Starts a translation job proposing the recipes' texts from `sourceLang` into `targetLangs` (nothing saved). */
export const startRecipeTranslation = (ids: string[], sourceLang: string, targetLangs: string[]) =>
  call.post('/recipe/translate', { ids, sourceLang, targetLangs }, { kind: 'command' });

/** Saves a translation job's proposal exactly as proposed (the body carries no texts). */
export const confirmRecipeTranslation = (runId: string) =>
  call.post('/recipe/translate/confirm', { id: runId }, { kind: 'command' });
