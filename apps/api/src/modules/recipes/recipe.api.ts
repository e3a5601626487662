import { z } from 'zod';
import {
  type Difficulty,
  idsSchema,
  pageQuerySchema,
  RECIPE_TYPES,
  type RecipeContent,
  recipeNumberSchema,
  type RecipeStatus,
  type RecipeType,
  text,
  timeInput,
} from '@kb/contracts';

/**
 * The wire of `/api/recipe/*` beside the content schema of @kb/contracts (`recipeContentSchema`): request
 * schemas (validated with `parseInput`, documented with `ApiBodyFrom`/`ApiQueryFrom`) and answer shapes. It
 * imports only zod and @kb/contracts, so it can move into libs/contracts as it is.
 */

const recipeId = z.string().uuid({ message: 'recipe_not_found' });
/** Query strings carry booleans as text; JSON and forms may send either. */
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
/** The stream revision the editor loaded (`revision` of the detail): a save against an older one is a 409. */
const revision = z.coerce.number({ message: 'recipe_revision_required' }).int().min(0);

/** Statuses the list can filter by; a cleared recipe is on no screen. Without a status: all but the bin. */
export const RECIPE_LIST_STATUSES = ['editing', 'waiting_release', 'released', 'recycle_bin'] as const;

export const recipeIdQuerySchema = z.object({ id: recipeId });
export const recipeIdBodySchema = recipeIdQuerySchema;
export const recipeIdsSchema = idsSchema;

/** `update`: the content fields (recipeContentSchema) plus these. */
export const recipeUpdateRefSchema = z.object({ id: recipeId, revision });
/** `save`: without an id it creates the recipe; with one it saves the content over that revision. */
export const recipeSaveRefSchema = z
  .object({ id: recipeId.optional(), revision: revision.optional() })
  .refine((v) => v.id === undefined || v.revision !== undefined, {
    message: 'recipe_revision_required',
    path: ['revision'],
  });
/** `submit`: with `content` (and the revision it was edited over) the editor saves and submits in one step. */
export const recipeSubmitSchema = z.object({
  id: recipeId,
  revision: revision.optional(),
  content: z.record(text({ trim: false }), z.unknown()).optional(),
});
export const recipeCopySchema = z.object({ id: recipeId, number: recipeNumberSchema.optional() });
export const recipeOnlineStatusSchema = idsSchema.extend({ online: flag });
export const recipePaidStatusSchema = idsSchema.extend({ paid: flag });
export const recipeCategoryChangeSchema = idsSchema.extend({
  categoryId: z.string().uuid({ message: 'recipe_category_missing' }).nullable(),
});
export const recipeModelsSchema = idsSchema.extend({
  productCodes: z
    .array(text().min(1).max(64))
    .min(1, { message: 'recipe_model_required' })
    .max(100)
    .transform((codes) => [...new Set(codes)]),
});

export const recipeListQuerySchema = pageQuerySchema.extend({
  /** Number prefix (case-insensitive). */
  number: text().max(32).optional(),
  /** Part of the name in any language. */
  name: text().max(100).optional(),
  status: z.enum(RECIPE_LIST_STATUSES, { message: 'recipe_status_invalid' }).optional(),
  categoryId: z.string().uuid({ message: 'recipe_category_missing' }).optional(),
  /** A label (tag). */
  tagId: z.string().uuid({ message: 'recipe_tag_missing' }).optional(),
  type: z.enum(RECIPE_TYPES, { message: 'recipe_type_invalid' }).optional(),
  /** A compatible model (product code). */
  productCode: text().max(64).optional(),
  online: flag.optional(),
  paid: flag.optional(),
  /** A language the recipe supports. */
  lang: text().max(16).optional(),
  /** Last change on or after / before this time (ISO date or date-time). */
  updatedFrom: timeInput('recipe_date_invalid').optional(),
  updatedTo: timeInput('recipe_date_invalid').optional(),
});
export type RecipeListQuery = z.output<typeof recipeListQuerySchema>;

export const recipeSearchQuerySchema = z.object({
  keyword: text().max(100).default(''),
  status: z.enum(RECIPE_LIST_STATUSES, { message: 'recipe_status_invalid' }).optional(),
});
export const recipePreviewQuerySchema = z.object({
  id: recipeId,
  /** The device's language; default the recipe's main language. */
  lang: text().max(16).optional(),
  /** Which serving-size version; default the first. */
  servings: z.coerce.number().int().min(1).max(99).optional(),
});

// ---- answers

/** One row of `/recipe/list` (and of `/recipe/search`, which answers a shorter list). */
export interface RecipeListItem {
  id: string;
  number: string;
  /** In the caller's UI language if the recipe has it, else its main language. */
  name: string;
  names: Record<string, string>;
  mainLang: string;
  langs: string[];
  type: RecipeType;
  status: Exclude<RecipeStatus, 'cleared'>;
  /** Released version number: 0 until the first release. */
  version: number;
  categoryId: string | null;
  categoryName: string | null;
  tagIds: string[];
  productCodes: string[];
  online: boolean;
  paid: boolean;
  pictureFileCode: string | null;
  difficulty: Difficulty | null;
  servings: number[];
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  releasedAt: string | null;
  /** In the recycle bin: when it was deleted and the state recover returns it to. */
  deletedAt: string | null;
  recycledFrom: 'editing' | 'waiting_release' | null;
  copiedFrom: string | null;
  /** Stream revision: what `update`/`save`/`submit` send back as `revision`. */
  revision: number;
}

/** `/recipe/detail`: the list row plus the whole content. */
export interface RecipeDetail extends RecipeListItem {
  content: RecipeContent;
  copiedFromRecipe: { recipeId: string; number: string; version: number } | null;
  /**
   * Names in the reader's language of what the content refers to by id (units, tags, accessories) or code
   * (models), keyed by that id or code; one that no longer exists is absent.
   */
  labels: {
    units: Record<string, string>;
    tags: Record<string, string>;
    accessories: Record<string, string>;
    models: Record<string, string>;
  };
}

/** What a command on one recipe answers (also in header `x-read-position`: where the list shows it). */
export interface RecipeCommandAnswer {
  id: string;
  number: string;
  status: RecipeStatus;
  version: number;
  revision: number;
  /** False when the recipe already was as asked (nothing recorded). */
  changed: boolean;
}

/** One recipe's outcome in a batch; `message` is in the caller's language. */
export interface RecipeBatchItem {
  id: string;
  number: string | null;
  ok: boolean;
  status?: number;
  code?: string;
  message?: string;
}
export interface RecipeBatchAnswer {
  succeeded: number;
  failed: number;
  results: RecipeBatchItem[];
}

/** A field that differs between the state before and after an event. */
export interface RecipeFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** `/recipe/history`: one entry per event, oldest first. */
export interface RecipeHistoryEntry {
  /** Stream position (0-based) = the revision the recipe had after this event. */
  revision: number;
  eventId: string;
  type: string;
  /** What happened, in the caller's language. */
  title: string;
  actor: string;
  occurredAt: string;
  correlationId: string;
  schemaVersion: number;
  data: unknown;
  changes: RecipeFieldChange[];
  /** The recipe as of this event. */
  state: {
    status: RecipeStatus;
    version: number;
    recycledFrom: string | null;
    deletedAt: string | null;
    content: RecipeContent;
  };
}
export interface RecipeHistory {
  id: string;
  number: string;
  status: RecipeStatus;
  entries: RecipeHistoryEntry[];
}

/** `/recipe/simulatRecipeDetail`: the recipe as the appliance's screen shows it, in one language. */
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
  type: RecipeType;
  prepMinutes: number | null;
  cookMinutes: number | null;
  restMinutes: number | null;
  servingOptions: number[];
  servings: number | null;
  ingredients: { name: string; quantity: number | null; unit: string; description: string }[];
  accessories: { id: string; name: string; photoFileCode: string | null }[];
  nutrients: { name: string; amount: number; unit: string }[];
  steps: {
    number: number;
    description: string;
    mode: string | null;
    modeName: string | null;
    /** The settings line the device shows, e.g. "100°C · speed 2 · 05:00 · forward". */
    settings: string;
    temperature: number | null;
    speed: number | null;
    minutes: number | null;
    seconds: number | null;
    rotation: string | null;
    heatingMode: string | null;
    heatingLogic: string | null;
    waterGear: number | null;
    autoStart: boolean;
    mediaFileCode: string | null;
    audioFileCode: string | null;
  }[];
}
