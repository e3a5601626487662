import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type {
  RecipeContent,
  RecipeHistoryEntry,
  RecipeIngredient,
  RecipeServingVersion,
  RecipeStep,
  UiLang,
} from '@kb/contracts';
import { RECIPE_STATUS_NAMES } from '../../recipes/recipe-domain.messages.js';
import { RecipeHistoryQuery } from '../../recipes/queries/recipe-history/recipe-history.query.js';
import { ChangeList, nameOf, shown, yesNo, type DiffContext } from '../audit-diff-kit.js';
import type { AuditSubject, LoadedStream, NameRefs } from '../audit-subject.js';
import { joinLabel, languageName, workModeName, type WordsOf } from '../audit-words.js';

export type RecipeAuditState = RecipeHistoryEntry['state'];

const time = (step: RecipeStep) =>
  step.minutes === null && step.seconds === null
    ? null
    : `${String(step.minutes ?? 0).padStart(2, '0')}:${String(step.seconds ?? 0).padStart(2, '0')}`;

/** A per-language text in the reader's language if the recipe has it, else in the recipe's main language. */
const inReaderLanguage = (texts: Record<string, string>, ctx: DiffContext, mainLang: string) =>
  texts[ctx.lang] ?? texts[mainLang] ?? Object.values(texts)[0] ?? null;

function ingredientSummary(ingredient: RecipeIngredient, ctx: DiffContext, mainLang: string): string {
  const name = inReaderLanguage(ingredient.names, ctx, mainLang);
  const amount = ingredient.quantity === null ? ctx.w('toTaste') : String(ingredient.quantity);
  return [name, amount, nameOf(ctx.names.units, ingredient.unitId)].filter(Boolean).join(' ');
}

function stepSummary(step: RecipeStep, ctx: DiffContext, mainLang: string): string {
  return [
    workModeName(step.workMode, ctx.lang),
    step.temperature !== null ? `${step.temperature}°C` : null,
    step.speed !== null ? `${ctx.w('speed')} ${step.speed}` : null,
    time(step),
    inReaderLanguage(step.descriptions, ctx, mainLang),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Per-language texts ("中文 · 名称"): one line per language and text that differs. */
function perLanguage(
  list: ChangeList,
  prefix: string[],
  label: string,
  before: Record<string, string>,
  after: Record<string, string>,
  lang: UiLang,
) {
  for (const code of new Set([...Object.keys(before), ...Object.keys(after)]))
    list.value(
      joinLabel(...prefix, label, languageName(code, lang)),
      shown(before[code]),
      shown(after[code]),
    );
}

function diffStep(list: ChangeList, prefix: string[], a: RecipeStep, b: RecipeStep, ctx: DiffContext) {
  const { w, lang } = ctx;
  const at = (key: string) => joinLabel(...prefix, w(key));
  list.value(at('workMode'), shown(workModeName(a.workMode, lang)), shown(workModeName(b.workMode, lang)));
  list.value(
    at('temperature'),
    shown(a.temperature === null ? null : `${a.temperature}°C`),
    shown(b.temperature === null ? null : `${b.temperature}°C`),
  );
  list.value(at('speed'), shown(a.speed), shown(b.speed));
  list.value(at('time'), shown(time(a)), shown(time(b)));
  list.value(at('rotation'), shown(a.rotation && w(a.rotation)), shown(b.rotation && w(b.rotation)));
  list.value(at('autoStart'), shown(yesNo(w, a.autoStart)), shown(yesNo(w, b.autoStart)));
  list.value(at('waterGear'), shown(a.waterGear), shown(b.waterGear));
  list.value(
    at('heatingMode'),
    shown(a.heatingMode && w(a.heatingMode)),
    shown(b.heatingMode && w(b.heatingMode)),
  );
  list.file(at('mediaFileCode'), w, a.mediaFileCode, b.mediaFileCode);
  list.file(at('audioFileCode'), w, a.audioFileCode, b.audioFileCode);
  perLanguage(list, prefix, w('stepDescription'), a.descriptions, b.descriptions, lang);
}

function diffIngredient(
  list: ChangeList,
  prefix: string[],
  a: RecipeIngredient,
  b: RecipeIngredient,
  ctx: DiffContext,
) {
  const { w, lang, names } = ctx;
  perLanguage(list, prefix, w('name'), a.names, b.names, lang);
  list.value(
    joinLabel(...prefix, w('quantity')),
    shown(a.quantity === null ? w('toTaste') : a.quantity),
    shown(b.quantity === null ? w('toTaste') : b.quantity),
  );
  list.value(
    joinLabel(...prefix, w('unit')),
    shown(nameOf(names.units, a.unitId)),
    shown(nameOf(names.units, b.unitId)),
  );
  perLanguage(list, prefix, w('ingredientDescription'), a.descriptions, b.descriptions, lang);
}

/** Matched by the serving count; ingredients by position; steps by their number. */
function diffServingVersions(
  list: ChangeList,
  before: RecipeServingVersion[],
  after: RecipeServingVersion[],
  ctx: DiffContext,
  mainLang: string,
) {
  const { w } = ctx;
  const servings = [...new Set([...before, ...after].map((v) => v.servings))];
  for (const n of servings) {
    const label = w('servingVersion', { n });
    const a = before.find((v) => v.servings === n);
    const b = after.find((v) => v.servings === n);
    if (!a || !b) {
      const v = (a ?? b)!;
      const summary = shown(
        `${v.ingredients.length} × ${w('ingredient', { n: '' }).trim()}, ${v.steps.length} × ${w('step', { n: '' }).trim()}`,
      );
      list.value(label, a ? summary : null, b ? summary : null);
      continue;
    }
    for (let i = 0; i < Math.max(a.ingredients.length, b.ingredients.length); i++) {
      const prefix = [label, w('ingredient', { n: i + 1 })];
      const x = a.ingredients[i];
      const y = b.ingredients[i];
      if (x && y) diffIngredient(list, prefix, x, y, ctx);
      else
        list.value(
          joinLabel(...prefix),
          x ? shown(ingredientSummary(x, ctx, mainLang)) : null,
          y ? shown(ingredientSummary(y, ctx, mainLang)) : null,
        );
    }
    const numbers = [...new Set([...a.steps, ...b.steps].map((s) => s.number))].sort((p, q) => p - q);
    for (const number of numbers) {
      const prefix = [label, w('step', { n: number })];
      const x = a.steps.find((s) => s.number === number);
      const y = b.steps.find((s) => s.number === number);
      if (x && y) diffStep(list, prefix, x, y, ctx);
      else
        list.value(
          joinLabel(...prefix),
          x ? shown(stepSummary(x, ctx, mainLang)) : null,
          y ? shown(stepSummary(y, ctx, mainLang)) : null,
        );
    }
  }
}

function diffContent(list: ChangeList, a: RecipeContent, b: RecipeContent, ctx: DiffContext) {
  const { w, lang, names } = ctx;
  list.value(w('number'), shown(a.number), shown(b.number));
  list.value(w('type'), shown(w(a.type)), shown(w(b.type)));
  list.value(w('mainLang'), shown(languageName(a.mainLang, lang)), shown(languageName(b.mainLang, lang)));
  list.members(w('langs'), a.langs, b.langs, (code) => languageName(code, lang));
  for (const code of new Set([...Object.keys(a.texts), ...Object.keys(b.texts)]))
    for (const key of ['name', 'description', 'chefTips'] as const)
      list.value(
        joinLabel(languageName(code, lang), w(key)),
        shown(a.texts[code]?.[key]),
        shown(b.texts[code]?.[key]),
      );
  list.value(
    w('categoryId'),
    shown(nameOf(names.categories, a.categoryId)),
    shown(nameOf(names.categories, b.categoryId)),
  );
  list.members(w('tagIds'), a.tagIds, b.tagIds, (id) => nameOf(names.tags, id)!);
  list.members(w('productCodes'), a.productCodes, b.productCodes, (id) => nameOf(names.models, id)!);
  list.members(w('accessoryIds'), a.accessoryIds, b.accessoryIds, (id) => nameOf(names.accessories, id)!);
  list.members(w('headPackageIds'), a.headPackageIds ?? [], b.headPackageIds ?? [], (id) => id);
  list.value(w('difficulty'), shown(a.difficulty && w(a.difficulty)), shown(b.difficulty && w(b.difficulty)));
  for (const key of ['prepMinutes', 'cookMinutes', 'restMinutes'] as const)
    list.value(w(key), shown(a[key]), shown(b[key]));
  list.value(w('showOnMachine'), shown(yesNo(w, a.showOnMachine)), shown(yesNo(w, b.showOnMachine)));
  list.value(w('online'), shown(yesNo(w, a.online)), shown(yesNo(w, b.online)));
  list.value(w('paid'), shown(yesNo(w, a.paid)), shown(yesNo(w, b.paid)));
  list.file(w('pictureFileCode'), w, a.pictureFileCode, b.pictureFileCode);
  const nutrient = (n: RecipeContent['nutrients'][number]) => `${n.name} ${n.amount}${n.unit}`;
  list.members(w('nutrients'), a.nutrients.map(nutrient), b.nutrients.map(nutrient), (s) => s);
  diffServingVersions(list, a.servingVersions, b.servingVersions, ctx, b.mainLang);
}

const statusName = (status: string, w: WordsOf, lang: UiLang) =>
  RECIPE_STATUS_NAMES[status as keyof typeof RECIPE_STATUS_NAMES]?.[lang] ?? w(status);

/** Recipes: the stream `recipe-<id>`, its content diffed per language, per serving version, per step. */
@Injectable()
export class RecipeAudit implements AuditSubject<RecipeAuditState> {
  readonly kind = 'recipe' as const;

  constructor(private readonly queries: QueryBus) {}

  async load(brand: string, lang: UiLang, id: string): Promise<LoadedStream<RecipeAuditState>> {
    const history = await this.queries.execute(new RecipeHistoryQuery(brand, lang, id));
    return { number: history.number, ended: history.status === 'cleared', entries: history.entries };
  }

  status(state: RecipeAuditState, { w, lang }: DiffContext): string {
    return `${statusName(state.status, w, lang)} · v${state.version}`;
  }

  reason(): string | null {
    return null;
  }

  refs({ content }: RecipeAuditState): NameRefs {
    return {
      units: content.servingVersions
        .flatMap((v) => v.ingredients.map((i) => i.unitId))
        .filter((u) => u !== null),
      tags: content.tagIds,
      accessories: content.accessoryIds,
      models: content.productCodes,
      categories: content.categoryId ? [content.categoryId] : [],
    };
  }

  diff(before: RecipeAuditState | null, after: RecipeAuditState, ctx: DiffContext) {
    const list = new ChangeList();
    const { w, lang } = ctx;
    if (!before) {
      list.value(w('status'), null, shown(statusName(after.status, w, lang)));
      list.value(w('number'), null, shown(after.content.number));
      const name = after.content.texts[after.content.mainLang]?.name;
      list.value(joinLabel(languageName(after.content.mainLang, lang), w('name')), null, shown(name));
      return list.changes;
    }
    list.value(
      w('status'),
      shown(statusName(before.status, w, lang)),
      shown(statusName(after.status, w, lang)),
    );
    list.value(w('version'), shown(before.version), shown(after.version));
    diffContent(list, before.content, after.content, ctx);
    return list.changes;
  }
}
