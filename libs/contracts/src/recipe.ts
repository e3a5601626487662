import { z } from 'zod';
import type { CountedPage } from './envelope.js';
import type { BatchItemOutcome, HistoryEntryHead } from './request-parts.js';
import { text } from './text.js';
import {
  type Difficulty,
  DIFFICULTIES,
  HEATING_MODES,
  RECIPE_TYPES,
  ROTATIONS,
  type PotType,
  type RecipeType,
} from './reference.js';

/**
 * The recipe's content (§3): what the editor saves and what `RecipeCreated` / `RecipeContentRevised`
 * carry. Shape checks and per-field messages live here; a step's work-mode rules (prefill, ranges, cycles) are
 * in `work-mode-rules.ts`, shared by the decider and the editor; the rules that need the recipe's state
 * (completeness, transitions) live in the recipe decider of @kb/domain; the API's `RECIPE_DOMAIN_MESSAGES` also
 * translates the `recipe_*` message keys used below.
 */

/** §4 recipe statuses, as stored and as the list filter sends them. */
export const RECIPE_STATUSES = ['editing', 'waiting_release', 'released', 'recycle_bin', 'cleared'] as const;
export type RecipeStatus = (typeof RECIPE_STATUSES)[number];

/** Which appliance kinds a recipe type cooks on: a step's work mode must run on one of them. */
export const RECIPE_TYPE_POT_TYPES: Record<RecipeType, readonly PotType[]> = {
  SOUP: ['ROBOT_COOKER'],
  AIR_FRYER: ['AIR_FRYER'],
  SOUP_AND_AIR: ['ROBOT_COOKER', 'AIR_FRYER', 'ROBOT_COOKER_AIR_FRYER'],
  STAND_MIXER: ['STAND_MIXER'],
  SOUP_AND_STAND_MIXER: ['ROBOT_COOKER', 'STAND_MIXER', 'ROBOT_COOKER_STAND_MIXER'],
  OVEN: ['OVEN'],
};

const langCode = z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, { message: 'lang_invalid' });
const fileCode = z.string().uuid({ message: 'file_invalid' });
const referenceId = z.string().uuid({ message: 'not_found' });
/** Text per language code, e.g. `{ zh: '番茄', en: 'Tomato' }`; blank entries are dropped. */
const perLanguage = (max: number, tooLong: string, multiline = false) =>
  z
    .record(langCode, text({ multiline }).max(max, { message: tooLong }))
    .default({})
    .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== '')));
const distinct = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item)
    .default([])
    .transform((items) => [...new Set(items)]);
const optionalInt = (min: number, max: number, message: string) =>
  z.number({ message }).int({ message }).min(min, { message }).max(max, { message }).nullable().default(null);

export const recipeNumberSchema = text({ message: 'number_required' })
  .min(1, { message: 'number_required' })
  .max(32, { message: 'number_too_long' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'number_format' });

export const recipeTextsSchema = z.object({
  name: text().max(100, { message: 'name_too_long' }).default(''),
  description: text({ multiline: true }).max(2000, { message: 'recipe_text_too_long' }).default(''),
  chefTips: text({ multiline: true }).max(2000, { message: 'recipe_text_too_long' }).default(''),
});
export type RecipeTexts = z.output<typeof recipeTextsSchema>;

export const recipeIngredientSchema = z.object({
  names: perLanguage(100, 'name_too_long'),
  /** null: "to taste". */
  quantity: z
    .number({ message: 'recipe_quantity_invalid' })
    .min(0, { message: 'recipe_quantity_invalid' })
    .max(100000, { message: 'recipe_quantity_invalid' })
    .nullable()
    .default(null),
  /** An ingredient unit of the brand (the API checks it belongs to the brand). */
  unitId: referenceId.nullable().default(null),
  descriptions: perLanguage(500, 'recipe_text_too_long', true),
});
export type RecipeIngredient = z.output<typeof recipeIngredientSchema>;

/**
 * One step as the editor sends it. Absent machine settings are prefilled by the decider from the work mode's
 * §9 defaults; minutes and seconds together are the step's time (total = minutes × 60 + seconds).
 */
export const recipeStepSchema = z.object({
  number: z.number({ message: 'recipe_step_number_invalid' }).int().min(1).max(999),
  /** A `WORK_MODES` code; null while the author has not chosen one (a text-only step). */
  workMode: text().min(1).max(32).nullable().default(null),
  descriptions: perLanguage(2000, 'recipe_text_too_long', true),
  /** Picture or video shown with the step. */
  mediaFileCode: fileCode.nullable().default(null),
  audioFileCode: fileCode.nullable().default(null),
  autoStart: z.boolean().default(false),
  temperature: optionalInt(0, 300, 'recipe_temperature_invalid'),
  rotation: z.enum(ROTATIONS, { message: 'recipe_rotation_invalid' }).nullable().default(null),
  speed: optionalInt(0, 12, 'recipe_speed_invalid'),
  minutes: optionalInt(0, 999, 'recipe_time_invalid'),
  seconds: optionalInt(0, 59, 'recipe_time_invalid'),
  /** The device's water gear (level); not a work-mode setting. */
  waterGear: optionalInt(0, 99, 'recipe_water_gear_invalid'),
  heatingMode: z.enum(HEATING_MODES, { message: 'recipe_heating_mode_invalid' }).nullable().default(null),
  /**
   * What a stored step answers (see `RecipeStep`): a client that sends a read step back may keep it; the decider
   * works it out again from the mode and temperature, whatever was sent.
   */
  heatingLogic: z.enum(['boil', 'diy']).nullable().optional(),
});
export type RecipeStepDraft = z.output<typeof recipeStepSchema>;

/**
 * A step as stored, after the decider prefilled and checked it. `heatingLogic` tells the device how fast DIY
 * heats: 'boil' up to the mode's boil-logic limit (100 °C), 'diy' above it; null for every other mode.
 */
export type RecipeStep = RecipeStepDraft & { heatingLogic: 'boil' | 'diy' | null };

export const recipeServingVersionSchema = z
  .object({
    /** Portion count of this version, e.g. 2 or 4 people. */
    servings: z
      .number({ message: 'recipe_servings_invalid' })
      .int({ message: 'recipe_servings_invalid' })
      .min(1, { message: 'recipe_servings_invalid' })
      .max(99, { message: 'recipe_servings_invalid' }),
    ingredients: z.array(recipeIngredientSchema).max(200).default([]),
    steps: z.array(recipeStepSchema).max(200).default([]),
  })
  .superRefine((version, ctx) => {
    const seen = new Set<number>();
    version.steps.forEach((step, i) => {
      if (seen.has(step.number))
        ctx.addIssue({
          code: 'custom',
          message: 'recipe_step_number_duplicate',
          path: ['steps', i, 'number'],
        });
      seen.add(step.number);
    });
  });
export type RecipeServingVersionDraft = z.output<typeof recipeServingVersionSchema>;
export type RecipeServingVersion = Omit<RecipeServingVersionDraft, 'steps'> & { steps: RecipeStep[] };

export const recipeNutrientSchema = z.object({
  name: text().min(1, { message: 'recipe_nutrient_name_required' }).max(50),
  amount: z.number({ message: 'recipe_quantity_invalid' }).min(0, { message: 'recipe_quantity_invalid' }),
  unit: text().max(20).default(''),
});
export type RecipeNutrient = z.output<typeof recipeNutrientSchema>;

/** The recipe's content as the editor sends it (add, update and save). */
export const recipeContentSchema = z
  .object({
    type: z.enum(RECIPE_TYPES, { message: 'recipe_type_invalid' }),
    /** Unique per brand: checked by the API, not by the decider. */
    number: recipeNumberSchema,
    mainLang: text({ trim: false, message: 'main_lang_required' })
      .min(1, { message: 'main_lang_required' })
      .regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, { message: 'lang_invalid' }),
    langs: z
      .array(langCode)
      .min(1, { message: 'lang_required' })
      .transform((langs) => [...new Set(langs)]),
    /** Name, description and chef tips per supported language. */
    texts: z.record(langCode, recipeTextsSchema).default({}),
    servingVersions: z.array(recipeServingVersionSchema).max(20).default([]),
    accessoryIds: distinct(referenceId),
    prepMinutes: optionalInt(0, 10080, 'recipe_time_invalid'),
    cookMinutes: optionalInt(0, 10080, 'recipe_time_invalid'),
    restMinutes: optionalInt(0, 10080, 'recipe_time_invalid'),
    nutrients: z.array(recipeNutrientSchema).max(50).default([]),
    difficulty: z.enum(DIFFICULTIES, { message: 'recipe_difficulty_invalid' }).nullable().default(null),
    showOnMachine: z.boolean().default(true),
    /** Compatible models: product codes of the brand's products. */
    productCodes: distinct(text().min(1).max(64)),
    /** Compatible head (parent) APK packages. */
    headPackageIds: distinct(text().min(1).max(64)),
    categoryId: referenceId.nullable().default(null),
    tagIds: distinct(referenceId),
    pictureFileCode: fileCode.nullable().default(null),
    online: z.boolean().default(false),
    paid: z.boolean().default(false),
  })
  .superRefine((content, ctx) => {
    if (!content.langs.includes(content.mainLang))
      ctx.addIssue({ code: 'custom', message: 'recipe_main_lang_not_in_langs', path: ['mainLang'] });
    // §5: a recipe (a draft too) is named in its main language.
    else if (!content.texts[content.mainLang]?.name)
      ctx.addIssue({
        code: 'custom',
        message: 'recipe_main_name_required',
        path: ['texts', content.mainLang, 'name'],
      });
    const supported = new Set(content.langs);
    const checkLangs = (texts: Record<string, unknown>, path: (string | number)[]) => {
      for (const lang of Object.keys(texts))
        if (!supported.has(lang))
          ctx.addIssue({ code: 'custom', message: 'recipe_lang_not_in_langs', path: [...path, lang] });
    };
    checkLangs(content.texts, ['texts']);
    const servingsSeen = new Set<number>();
    content.servingVersions.forEach((version, v) => {
      if (servingsSeen.has(version.servings))
        ctx.addIssue({
          code: 'custom',
          message: 'recipe_servings_duplicate',
          path: ['servingVersions', v, 'servings'],
        });
      servingsSeen.add(version.servings);
      version.ingredients.forEach((ingredient, i) => {
        checkLangs(ingredient.names, ['servingVersions', v, 'ingredients', i, 'names']);
        checkLangs(ingredient.descriptions, ['servingVersions', v, 'ingredients', i, 'descriptions']);
      });
      version.steps.forEach((step, s) =>
        checkLangs(step.descriptions, ['servingVersions', v, 'steps', s, 'descriptions']),
      );
    });
  });
/** What the editor may send (defaults may be left out). */
export type RecipeContentInput = z.input<typeof recipeContentSchema>;
/** The parsed content a command carries, before the decider prefilled its steps. */
export type RecipeContentDraft = z.output<typeof recipeContentSchema>;
/** The content as events carry it and the state holds it: steps prefilled and checked. */
export type RecipeContent = Omit<RecipeContentDraft, 'servingVersions'> & {
  servingVersions: RecipeServingVersion[];
};

// ---- answers of `/api/recipe/*` (apps/api answers them, apps/admin-web reads them)

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

/** `/recipe/list` → data: a page of the list (with `onPage=false` the list itself). */
export type RecipeListPage = CountedPage<RecipeListItem>;

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
export interface RecipeBatchItem extends BatchItemOutcome {
  number: string | null;
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
export interface RecipeHistoryEntry extends HistoryEntryHead {
  /** Stream position (0-based) = the revision the recipe had after this event. */
  revision: number;
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
