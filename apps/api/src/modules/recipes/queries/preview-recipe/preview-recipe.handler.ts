import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { HEATING_MODE_NAMES, type RecipePreview, type RecipeStep, WORK_MODES } from '@kb/contracts';
import { DomainError, type ExistingRecipe } from '@kb/domain';
import { displayName } from '../../../../common/reference-entity/definition.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { PreviewRecipeQuery } from './preview-recipe.query.js';

/** Device words; a language other than zh reads the English ones (the mode table has zh and en). */
const WORDS = {
  zh: {
    speed: '速度',
    forward: '正转',
    reverse: '反转',
    easy: '简单',
    medium: '中等',
    hard: '困难',
    autoStart: '自动开始',
  },
  en: {
    speed: 'speed',
    forward: 'forward',
    reverse: 'reverse',
    easy: 'Easy',
    medium: 'Medium',
    hard: 'Hard',
    autoStart: 'starts by itself',
  },
};

const clock = (minutes: number, seconds: number) =>
  `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;

/** The settings line of a step as the device prints it, e.g. "100°C · speed 2 · 05:00 · forward". */
export function settingsLine(step: RecipeStep, lang: string): string {
  const w = lang === 'zh' ? WORDS.zh : WORDS.en;
  const parts: string[] = [];
  if (step.temperature !== null) parts.push(`${step.temperature}°C`);
  if (step.speed !== null) parts.push(`${w.speed} ${step.speed}`);
  if (step.minutes !== null && step.seconds !== null) parts.push(clock(step.minutes, step.seconds));
  if (step.rotation) parts.push(w[step.rotation]);
  if (step.heatingMode) parts.push(HEATING_MODE_NAMES[step.heatingMode][lang === 'zh' ? 'zh' : 'en']);
  if (step.autoStart) parts.push(w.autoStart);
  return parts.join(' · ');
}

@QueryHandler(PreviewRecipeQuery)
export class PreviewRecipeHandler implements IQueryHandler<PreviewRecipeQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({
    brand,
    id,
    lang: asked,
    servings: askedServings,
  }: PreviewRecipeQuery): Promise<RecipePreview> {
    const { rows } = await this.pool.query<{ state: ExistingRecipe }>(
      'SELECT state FROM recipe_detail WHERE brand_owner_code = $1 AND recipe_id = $2',
      [brand, id],
    );
    const state = rows[0]?.state;
    if (!state) throw new DomainError(404, 'recipe_not_found');
    const c = state.content;
    const lang = asked && c.langs.includes(asked) ? asked : c.mainLang;
    const words = lang === 'zh' ? WORDS.zh : WORDS.en;
    const text = (texts: Record<string, string>) => texts[lang] || texts[c.mainLang] || '';
    const version =
      c.servingVersions.find((v) => v.servings === askedServings) ?? c.servingVersions[0] ?? null;

    const unitIds = version ? version.ingredients.map((i) => i.unitId).filter((u) => u !== null) : [];
    const [units, accessories] = await Promise.all([
      this.pool.query<{ id: string; names: Record<string, string> }>(
        'SELECT id::text AS id, names FROM ingredient_units WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
        [brand, unitIds],
      ),
      this.pool.query<{ id: string; names: Record<string, string>; photo_file_code: string | null }>(
        `SELECT id::text AS id, names, photo_file_code::text AS photo_file_code FROM accessories
          WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])`,
        [brand, c.accessoryIds],
      ),
    ]);
    const unitNames = new Map(units.rows.map((u) => [u.id, displayName(u.names, lang, c.mainLang)]));
    const accessoryRows = new Map(accessories.rows.map((a) => [a.id, a]));

    return {
      id,
      number: c.number,
      lang,
      langs: c.langs,
      name: c.texts[lang]?.name || c.texts[c.mainLang]?.name || '',
      description: c.texts[lang]?.description || c.texts[c.mainLang]?.description || '',
      chefTips: c.texts[lang]?.chefTips || c.texts[c.mainLang]?.chefTips || '',
      pictureFileCode: c.pictureFileCode,
      difficulty: c.difficulty ? words[c.difficulty] : null,
      type: c.type,
      prepMinutes: c.prepMinutes,
      cookMinutes: c.cookMinutes,
      restMinutes: c.restMinutes,
      servingOptions: c.servingVersions.map((v) => v.servings),
      servings: version?.servings ?? null,
      ingredients: (version?.ingredients ?? []).map((i) => ({
        name: text(i.names),
        quantity: i.quantity,
        unit: i.unitId ? (unitNames.get(i.unitId) ?? '') : '',
        description: text(i.descriptions),
      })),
      accessories: c.accessoryIds.flatMap((accessoryId) => {
        const a = accessoryRows.get(accessoryId);
        return a
          ? [
              {
                id: accessoryId,
                name: displayName(a.names, lang, c.mainLang),
                photoFileCode: a.photo_file_code,
              },
            ]
          : [];
      }),
      nutrients: c.nutrients,
      steps: (version?.steps ?? []).map((step) => {
        const mode = WORK_MODES.find((m) => m.code === step.workMode);
        return {
          number: step.number,
          description: text(step.descriptions),
          mode: step.workMode,
          modeName: mode ? (lang === 'zh' ? mode.nameZh : mode.nameEn) : null,
          settings: settingsLine(step, lang),
          temperature: step.temperature,
          speed: step.speed,
          minutes: step.minutes,
          seconds: step.seconds,
          rotation: step.rotation,
          heatingMode: step.heatingMode,
          heatingLogic: step.heatingLogic,
          waterGear: step.waterGear,
          autoStart: step.autoStart,
          mediaFileCode: step.mediaFileCode,
          audioFileCode: step.audioFileCode,
        };
      }),
    };
  }
}
