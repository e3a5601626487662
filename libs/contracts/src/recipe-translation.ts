import { z } from 'zod';
import type { RecipeContent } from './recipe.js';
import { text } from './text.js';

/**
 * Recipe translation (§1, §5): which texts of a recipe are translated, the proposal a translation job leaves for
 * review, and the start and confirm requests. The proposal is applied exactly as proposed: the confirm request
 * names a job and recipes, never texts, so nothing can be edited between review and save.
 */

/** The most recipes one translation job takes (the queue payload allows the same). */
export const RECIPE_TRANSLATE_MAX = 500;

/**
 * Where a translatable text sits in a recipe's content:
 * `texts.name|description|chefTips`, `servingVersions.<v>.ingredients.<i>.names|descriptions`,
 * `servingVersions.<v>.steps.<s>.descriptions`.
 */
export type RecipeTextPath = string;

/** One translatable text of the recipe in the source language. */
export interface RecipeSourceText {
  path: RecipeTextPath;
  text: string;
}

/**
 * One field of a proposal: its source text, its translation per target language, and the text each target language
 * holds now (what confirming overwrites; empty when none). Reports written before `current` existed lack it.
 */
export interface RecipeTranslationField {
  path: RecipeTextPath;
  source: string;
  translations: Record<string, string>;
  current?: Record<string, string>;
}

/** What a translation job proposes for one recipe (the `data` of its item in the job's report). */
export interface RecipeTranslationProposal {
  recipeId: string;
  number: string;
  /** The stream revision the texts were read at: a recipe changed since cannot take the proposal. */
  revision: number;
  provider: string;
  /** True when the built-in glossary ran instead of a translation service. */
  demo: boolean;
  sourceLang: string;
  targetLangs: string[];
  fields: RecipeTranslationField[];
}

const TOP_TEXTS = ['name', 'description', 'chefTips'] as const;

/** Every non-blank text of the recipe in `lang`, in reading order: name, description, tips, ingredients, steps. */
export function recipeSourceTexts(content: RecipeContent, lang: string): RecipeSourceText[] {
  const out: RecipeSourceText[] = [];
  const push = (path: string, value: string | undefined) => {
    if (value && value.trim() !== '') out.push({ path, text: value });
  };
  const texts = content.texts[lang];
  for (const key of TOP_TEXTS) push(`texts.${key}`, texts?.[key]);
  content.servingVersions.forEach((version, v) => {
    version.ingredients.forEach((ingredient, i) => {
      push(`servingVersions.${v}.ingredients.${i}.names`, ingredient.names[lang]);
      push(`servingVersions.${v}.ingredients.${i}.descriptions`, ingredient.descriptions[lang]);
    });
    version.steps.forEach((step, s) =>
      push(`servingVersions.${v}.steps.${s}.descriptions`, step.descriptions[lang]),
    );
  });
  return out;
}

const PATH =
  /^(?:texts\.(name|description|chefTips)|servingVersions\.(\d+)\.(ingredients|steps)\.(\d+)\.(names|descriptions))$/;

/** The text at `path` of `content` in `lang`, or '' when it has none. */
export function recipeTextAt(content: RecipeContent, path: RecipeTextPath, lang: string): string {
  const m = PATH.exec(path);
  if (!m) return '';
  if (m[1]) return content.texts[lang]?.[m[1] as (typeof TOP_TEXTS)[number]] ?? '';
  const version = content.servingVersions[Number(m[2])];
  if (m[3] === 'ingredients')
    return version?.ingredients[Number(m[4])]?.[m[5] as 'names' | 'descriptions'][lang] ?? '';
  return m[5] === 'descriptions' ? (version?.steps[Number(m[4])]?.descriptions[lang] ?? '') : '';
}

/** Whether `path` names a translatable text that exists in `content`. */
export function isRecipeTextPath(content: RecipeContent, path: string): boolean {
  const m = PATH.exec(path);
  if (!m) return false;
  if (m[1]) return true;
  const version = content.servingVersions[Number(m[2])];
  const list = m[3] === 'ingredients' ? version?.ingredients : version?.steps;
  if (!list?.[Number(m[4])]) return false;
  return m[3] === 'ingredients' || m[5] === 'descriptions';
}

/**
 * The content with each field's translations written into their languages (other languages and fields kept).
 * Paths that do not name a text of the content are ignored (the decider refuses them before).
 */
export function applyRecipeTranslation(
  content: RecipeContent,
  fields: readonly Pick<RecipeTranslationField, 'path' | 'translations'>[],
): RecipeContent {
  const texts = { ...content.texts };
  const versions = content.servingVersions.map((v) => ({
    ...v,
    ingredients: v.ingredients.map((i) => ({
      ...i,
      names: { ...i.names },
      descriptions: { ...i.descriptions },
    })),
    steps: v.steps.map((s) => ({ ...s, descriptions: { ...s.descriptions } })),
  }));
  for (const field of fields) {
    const m = PATH.exec(field.path);
    if (!m) continue;
    for (const [lang, value] of Object.entries(field.translations)) {
      if (m[1]) {
        const key = m[1] as (typeof TOP_TEXTS)[number];
        texts[lang] = { name: '', description: '', chefTips: '', ...texts[lang], [key]: value };
        continue;
      }
      const version = versions[Number(m[2])];
      const index = Number(m[4]);
      if (m[3] === 'ingredients') {
        const ingredient = version?.ingredients[index];
        if (ingredient) ingredient[m[5] as 'names' | 'descriptions'][lang] = value;
      } else {
        const step = version?.steps[index];
        if (step && m[5] === 'descriptions') step.descriptions[lang] = value;
      }
    }
  }
  return { ...content, texts, servingVersions: versions };
}

const langCode = text({ trim: false }).regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, { message: 'lang_invalid' });

/** `/api/recipe/translate`: the selected recipes, the source language and one or more target languages. */
export const recipeTranslateBodySchema = z
  .object({
    ids: z
      .array(z.string().uuid({ message: 'recipe_not_found' }), { message: 'recipe_translate_select' })
      .min(1, { message: 'recipe_translate_select' })
      .max(RECIPE_TRANSLATE_MAX, { message: 'recipe_translate_too_many' })
      .transform((ids) => [...new Set(ids)]),
    sourceLang: text({ trim: false, message: 'recipe_translate_source_required' })
      .min(1, { message: 'recipe_translate_source_required' })
      .regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, { message: 'lang_invalid' }),
    targetLangs: z
      .array(langCode, { message: 'recipe_translate_target_required' })
      .min(1, { message: 'recipe_translate_target_required' })
      .transform((langs) => [...new Set(langs)]),
  })
  .superRefine((body, ctx) => {
    if (body.targetLangs.includes(body.sourceLang))
      ctx.addIssue({ code: 'custom', message: 'recipe_translate_same_lang', path: ['targetLangs'] });
  });
export type RecipeTranslateBody = z.output<typeof recipeTranslateBodySchema>;

/**
 * `/api/recipe/translate/confirm`: the translation job, and optionally which of its recipes to save (default all
 * proposed). Strict: a body carrying anything else (texts) is refused, the proposal is saved as it was shown.
 */
export const recipeTranslateConfirmSchema = z.strictObject(
  {
    id: z.string().uuid({ message: 'job_not_found' }),
    recipeIds: z
      .array(z.string().uuid({ message: 'recipe_not_found' }))
      .min(1, { message: 'recipe_translate_select' })
      .max(RECIPE_TRANSLATE_MAX)
      .optional(),
  },
  { message: 'recipe_translate_no_edits' },
);
export type RecipeTranslateConfirm = z.output<typeof recipeTranslateConfirmSchema>;
