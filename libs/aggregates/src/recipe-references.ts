import type pg from 'pg';
import type { RecipeContentDraft, UiLang } from '@kb/contracts';
import { AppError } from '@kb/platform';
import { brandLanguages, ownedAmong, type ReferenceKind } from './brand-references.js';
import type { MessageWords } from './messages.js';
import type { RecipeReferenceChecks } from './recipe.commands.js';

/** A wrong reference: the field path the editor marks, the message code and its params. */
interface Problem {
  field: string;
  code: string;
  params?: Record<string, string | number>;
}

function refused(problems: Problem[], lang: UiLang, words: MessageWords): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const p of problems) fieldErrors[p.field] ??= words(p.code, lang, p.params ?? {}) ?? p.code;
  const first = problems[0]!;
  return new AppError(400, first.code, first.params ?? {}, { fieldErrors });
}

/**
 * What a recipe names must be the brand's own: languages, category, labels, ingredient units, accessories, uploaded
 * files (of the right kind) and compatible models. Otherwise 400 with a field error on each wrong reference.
 * (Head packages are not checked: APK packages are another aggregate.) `words`: the field errors' words.
 */
export class RecipeReferences implements RecipeReferenceChecks {
  constructor(
    private readonly pool: pg.Pool,
    private readonly words: MessageWords,
  ) {}

  async checkContent(brand: string, content: RecipeContentDraft, lang: UiLang): Promise<void> {
    const problems: Problem[] = [];
    const { codes } = await brandLanguages(this.pool, brand);
    content.langs.forEach((l, i) => {
      if (!codes.includes(l))
        problems.push({ field: `langs.${i}`, code: 'recipe_lang_not_brand', params: { lang: l } });
    });

    const versions = content.servingVersions;
    const units = versions.flatMap((v) => v.ingredients.map((i) => i.unitId)).filter((u) => u !== null);
    const media = versions.flatMap((v) => v.steps.map((s) => s.mediaFileCode)).filter((c) => c !== null);
    const audio = versions.flatMap((v) => v.steps.map((s) => s.audioFileCode)).filter((c) => c !== null);
    const owned = (kind: ReferenceKind, values: string[]) => ownedAmong(this.pool, brand, kind, values);
    const [category, tags, unitSet, accessories, pictures, mediaSet, audioSet, models] = await Promise.all([
      owned('recipeCategory', content.categoryId ? [content.categoryId] : []),
      owned('recipeTag', content.tagIds),
      owned('unit', units),
      owned('accessory', content.accessoryIds),
      owned('image', content.pictureFileCode ? [content.pictureFileCode] : []),
      owned('media', media),
      owned('audio', audio),
      owned('model', content.productCodes),
    ]);
    if (content.categoryId && !category.has(content.categoryId))
      problems.push({ field: 'categoryId', code: 'recipe_category_missing' });
    content.tagIds.forEach((id, i) => {
      if (!tags.has(id)) problems.push({ field: `tagIds.${i}`, code: 'recipe_tag_missing' });
    });
    content.accessoryIds.forEach((id, i) => {
      if (!accessories.has(id))
        problems.push({ field: `accessoryIds.${i}`, code: 'recipe_accessory_missing' });
    });
    if (content.pictureFileCode && !pictures.has(content.pictureFileCode))
      problems.push({ field: 'pictureFileCode', code: 'recipe_picture_missing' });
    versions.forEach((version, v) => {
      version.ingredients.forEach((ingredient, i) => {
        if (ingredient.unitId && !unitSet.has(ingredient.unitId))
          problems.push({
            field: `servingVersions.${v}.ingredients.${i}.unitId`,
            code: 'recipe_unit_missing',
          });
      });
      version.steps.forEach((step, s) => {
        if (step.mediaFileCode && !mediaSet.has(step.mediaFileCode))
          problems.push({
            field: `servingVersions.${v}.steps.${s}.mediaFileCode`,
            code: 'recipe_media_missing',
          });
        if (step.audioFileCode && !audioSet.has(step.audioFileCode))
          problems.push({
            field: `servingVersions.${v}.steps.${s}.audioFileCode`,
            code: 'recipe_audio_missing',
          });
      });
    });
    content.productCodes.forEach((code, i) => {
      if (!models.has(code))
        problems.push({ field: `productCodes.${i}`, code: 'recipe_model_missing', params: { code } });
    });
    if (problems.length > 0) throw refused(problems, lang, this.words);
  }

  async checkCategory(brand: string, categoryId: string | null, lang: UiLang): Promise<void> {
    if (categoryId === null) return;
    if (!(await ownedAmong(this.pool, brand, 'recipeCategory', [categoryId])).has(categoryId))
      throw refused([{ field: 'categoryId', code: 'recipe_category_missing' }], lang, this.words);
  }

  async checkModels(brand: string, productCodes: string[], lang: UiLang): Promise<void> {
    const models = await ownedAmong(this.pool, brand, 'model', productCodes);
    const problems = productCodes.flatMap((code, i) =>
      models.has(code)
        ? []
        : [{ field: `productCodes.${i}`, code: 'recipe_model_missing', params: { code } }],
    );
    if (problems.length > 0) throw refused(problems, lang, this.words);
  }
}
