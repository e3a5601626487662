import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { readPositionHeaders } from './recipe-commands.js';
import { RECIPES_KEY, type RecipeListItem } from './recipe-list.js';

/** A step as the detail carries it (the decider prefilled its settings from the work mode). */
export interface RecipeStepView {
  number: number;
  workMode: string | null;
  descriptions: Record<string, string>;
  temperature: number | null;
  speed: number | null;
  minutes: number | null;
  seconds: number | null;
  rotation: string | null;
  waterGear: number | null;
  autoStart: boolean;
}

/** The content of `/api/recipe/detail` (libs/contracts `RecipeContent`), as far as the screens show it. */
export interface RecipeContentView {
  type: string;
  number: string;
  mainLang: string;
  langs: string[];
  texts: Record<string, { name: string; description: string; chefTips: string }>;
  servingVersions: {
    servings: number;
    ingredients: {
      names: Record<string, string>;
      quantity: number | null;
      unitId: string | null;
      descriptions: Record<string, string>;
    }[];
    steps: RecipeStepView[];
  }[];
  accessoryIds: string[];
  prepMinutes: number | null;
  cookMinutes: number | null;
  restMinutes: number | null;
  nutrients: { name: string; amount: number; unit: string }[];
  difficulty: string | null;
  showOnMachine: boolean;
  productCodes: string[];
  /** Compatible head (parent) packages, as typed in the editor. */
  headPackageIds?: string[];
  categoryId: string | null;
  tagIds: string[];
  pictureFileCode: string | null;
  online: boolean;
  paid: boolean;
}

export interface RecipeDetail extends Omit<RecipeListItem, 'status'> {
  status: RecipeListItem['status'] | 'cleared';
  createdAt: string;
  createdBy: string;
  updatedBy: string;
  releasedAt: string | null;
  content: RecipeContentView;
  copiedFromRecipe: { recipeId: string; number: string; version: number } | null;
  /** Names in the user's language of the units, tags, accessories (by id) and models (by code) the content names. */
  labels: {
    units: Record<string, string>;
    tags: Record<string, string>;
    accessories: Record<string, string>;
    models: Record<string, string>;
  };
}

export const recipeDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...RECIPES_KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api<RecipeDetail>('/recipe/detail', { query: { id }, headers: readPositionHeaders(), signal }),
  });

/** `/api/recipe/simulatRecipeDetail`: the recipe as the appliance's screen shows it. */
export interface RecipePreview {
  id: string;
  number: string;
  lang: string;
  langs: string[];
  name: string;
  description: string;
  chefTips: string;
  pictureFileCode: string | null;
  difficulty: string | null;
  prepMinutes: number | null;
  cookMinutes: number | null;
  restMinutes: number | null;
  servingOptions: number[];
  servings: number | null;
  ingredients: { name: string; quantity: number | null; unit: string; description: string }[];
  accessories: { id: string; name: string; photoFileCode: string | null }[];
  steps: {
    number: number;
    description: string;
    modeName: string | null;
    settings: string;
    autoStart: boolean;
    mediaFileCode: string | null;
  }[];
}

export const recipePreviewQuery = (id: string, lang: string | null, servings: number | null) =>
  queryOptions({
    queryKey: [...RECIPES_KEY, 'preview', id, lang, servings],
    queryFn: ({ signal }) =>
      api<RecipePreview>('/recipe/simulatRecipeDetail', { query: { id, lang, servings }, signal }),
  });

export function fileUrl(fileCode: string): string {
  return `/api/file/download?fileCode=${encodeURIComponent(fileCode)}`;
}
