import { createHash } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type pg from 'pg';
import {
  recipeCommandRoutes,
  recipeContentSchema,
  roleCan,
  type RecipeContentDraft,
  type StaffRole,
} from '@kb/contracts';
import { prepareContent } from '@kb/domain';
import {
  brandReferences,
  openRecipeArchive,
  withMapping,
  withoutLanguages,
  type Actor,
  type BrandReferences,
  type RecipeArchive,
} from '@kb/aggregates';
import {
  defineJobWorker,
  FILE_KINDS,
  JobFailure,
  recordFile,
  storagePathOf,
  withTransaction,
  RECIPE_IMPORT_QUEUE,
  type JobContext,
  type JobItemResult,
  type JobWorkerDeps,
  type RecipeImportJob,
} from '@kb/platform';

/** The recipes an import creates, through the recipe command path (reference checks, number claim, decider, events). */
export interface ImportedRecipes {
  create(actor: Actor, recipeId: string, content: RecipeContentDraft, importedFrom: string): Promise<unknown>;
  /** Whether the brand has a recipe with this id (one an earlier attempt of the same run created). */
  exists(brand: string, recipeId: string): Promise<boolean>;
}

export interface RecipeImportDeps extends JobWorkerDeps {
  recipes: ImportedRecipes;
  /** The file store (FILES_DIR): the zip is read from it, the media copied into it. */
  filesDir: string;
}

/**
 * The id a run gives what it creates (a recipe by its number, a media file by its entry): the same on every
 * attempt, so a run taken up again after its worker died finds what it made before instead of making it twice.
 * A name-based UUID (version 8, from SHA-256).
 */
export function runScopedId(runId: string, what: string): string {
  const b = createHash('sha256').update(`${runId}\n${what}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const listed = (items: string[]) =>
  items.length > 5 ? `${items.slice(0, 5).join(', ')}…` : items.join(', ');

/** A recipe ready to create: its content with the brand's ids, and the media to copy (zip path → new file code). */
interface Planned {
  number: string;
  /** The run's id for it (see runScopedId). */
  recipeId: string;
  content: RecipeContentDraft;
  media: Map<string, string>;
}

/**
 * Maps one archive recipe onto the brand: the texts of dropped languages left out (`withoutLanguages`), category,
 * labels and accessories by number, units by name, models by code (an unknown one refuses the recipe, with what is
 * unknown), media to new file codes; then checks the content with the contracts schema and the §9 work-mode rules
 * (the decider's `prepareContent`). Head packages are another brand's APK packages and are not carried over.
 */
function plan(
  raw: NonNullable<RecipeArchive['recipes'][number]['entry']>,
  refs: BrandReferences,
  mediaCodeOf: (entry: string) => string,
): Omit<Planned, 'recipeId'> | Omit<JobItemResult, 'key'> {
  const kept = withoutLanguages(raw.content, refs);
  if (!kept)
    return {
      outcome: 'refused',
      code: 'recipe_import_no_lang_left',
      params: { langs: listed(Array.isArray(raw.content.langs) ? (raw.content.langs as string[]) : []) },
    };
  const c = kept as Record<string, unknown> & { servingVersions?: unknown };
  const problems: Omit<JobItemResult, 'key'>[] = [];
  const models = (Array.isArray(c.productCodes) ? (c.productCodes as string[]) : []).map(
    (m) => refs.modelFor.get(m) ?? m,
  );
  const unknownModels = models.filter((m) => !refs.models.has(m));
  if (unknownModels.length)
    problems.push({
      outcome: 'refused',
      code: 'recipe_import_unknown_model',
      params: { codes: listed(unknownModels) },
    });
  const langs = Array.isArray(c.langs) ? (c.langs as string[]) : [];
  const unknownLangs = langs.filter((l) => !refs.langs.has(l));
  if (unknownLangs.length)
    problems.push({
      outcome: 'refused',
      code: 'recipe_import_unknown_langs',
      params: { langs: listed(unknownLangs) },
    });
  const category = raw.refs.category ? refs.categories.get(raw.refs.category.toLowerCase()) : null;
  if (raw.refs.category && !category)
    problems.push({
      outcome: 'refused',
      code: 'recipe_import_unknown_category',
      params: { number: raw.refs.category },
    });
  const mapAll = (
    ids: unknown,
    numbers: Record<string, string>,
    known: Map<string, string>,
    code: string,
  ) => {
    const out: string[] = [];
    const unknown: string[] = [];
    for (const id of Array.isArray(ids) ? (ids as string[]) : []) {
      const number = numbers[id];
      const mapped = number ? known.get(number.toLowerCase()) : undefined;
      if (mapped) out.push(mapped);
      else unknown.push(number ?? id);
    }
    if (unknown.length) problems.push({ outcome: 'refused', code, params: { numbers: listed(unknown) } });
    return out;
  };
  const tagIds = mapAll(c.tagIds, raw.refs.tags, refs.tags, 'recipe_import_unknown_tags');
  const accessoryIds = mapAll(
    c.accessoryIds,
    raw.refs.accessories,
    refs.accessories,
    'recipe_import_unknown_accessories',
  );
  const unknownUnits: string[] = [];
  const media = new Map<string, string>();
  const file = (code: unknown) => {
    if (typeof code !== 'string') return null;
    const entry = raw.refs.files[code];
    if (!entry) {
      problems.push({ outcome: 'refused', code: 'recipe_import_media_missing', params: { name: code } });
      return null;
    }
    media.set(entry, mediaCodeOf(entry));
    return mediaCodeOf(entry);
  };
  const versions = Array.isArray(c.servingVersions) ? (c.servingVersions as Record<string, unknown>[]) : [];
  const servingVersions = versions.map((v) => ({
    ...v,
    ingredients: (Array.isArray(v.ingredients) ? (v.ingredients as Record<string, unknown>[]) : []).map(
      (i) => {
        if (typeof i.unitId !== 'string') return i;
        const names = raw.refs.units[i.unitId] ?? {};
        const unitId = Object.values(names)
          .map((n) => refs.unitByName.get(n.trim().toLowerCase()))
          .find(Boolean);
        if (!unitId) unknownUnits.push(Object.values(names)[0] ?? i.unitId);
        return { ...i, unitId: unitId ?? null };
      },
    ),
    steps: (Array.isArray(v.steps) ? (v.steps as Record<string, unknown>[]) : []).map((s) => ({
      ...s,
      mediaFileCode: s.mediaFileCode ? file(s.mediaFileCode) : null,
      audioFileCode: s.audioFileCode ? file(s.audioFileCode) : null,
    })),
  }));
  if (unknownUnits.length)
    problems.push({
      outcome: 'refused',
      code: 'recipe_import_unknown_units',
      params: { names: listed([...new Set(unknownUnits)]) },
    });
  const mapped = {
    ...c,
    productCodes: models,
    categoryId: category ?? null,
    tagIds,
    accessoryIds,
    headPackageIds: [],
    pictureFileCode: c.pictureFileCode ? file(c.pictureFileCode) : null,
    servingVersions,
  };
  if (problems.length) return problems[0]!;
  const parsed = recipeContentSchema.safeParse(mapped);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.message === 'recipe_main_name_required')
      return {
        outcome: 'refused',
        code: 'recipe_import_main_name_missing',
        params: { lang: String(c.mainLang) },
      };
    return {
      outcome: 'refused',
      code: 'recipe_import_recipe_invalid',
      params: { reason: `${issue.path.join('.')}: ${issue.message}`.slice(0, 200) },
    };
  }
  try {
    prepareContent(parsed.data);
  } catch (error) {
    const e = error as { code?: string; params?: Record<string, string | number> };
    return { outcome: 'refused', code: e.code ?? 'recipe_import_recipe_invalid', params: e.params ?? {} };
  }
  return { number: parsed.data.number, content: parsed.data, media };
}

async function importRecipes(ctx: JobContext<RecipeImportJob>, deps: RecipeImportDeps) {
  const { data } = ctx;
  const { pool } = deps;
  const stored = await pool.query<{ storage_path: string }>(
    'SELECT storage_path FROM files WHERE brand_owner_code = $1 AND file_code = $2',
    [data.brandOwnerCode, data.fileCode],
  );
  if (!stored.rows[0]) throw new JobFailure('recipe_import_file_missing');
  const archive = await openRecipeArchive(path.resolve(deps.filesDir, stored.rows[0].storage_path));
  try {
    const refs = withMapping(await brandReferences(pool, data.brandOwnerCode), data.mapping);
    const role = (
      await pool.query<{ role: StaffRole }>(
        'SELECT role FROM staff_users WHERE brand_owner_code = $1 AND lower(account) = lower($2)',
        [data.brandOwnerCode, data.actor],
      )
    ).rows[0]?.role;
    if (!role) throw new JobFailure('recipe_import_failed', { reason: data.actor });
    // The route's permission, again: a role taken away since the start runs nothing.
    if (!roleCan(role, recipeCommandRoutes.commands.importData.permission)) throw new JobFailure('forbidden');
    const actor = {
      brand: data.brandOwnerCode,
      account: data.actor,
      role,
      correlationId: data.correlationId,
      lang: 'zh' as const,
    };

    // Everything is checked before anything is written. What the run creates has ids of the run's own (the
    // same on each attempt): a recipe an earlier attempt created is reported created, not skipped, and is not
    // made again.
    const mediaCodeOf = (entry: string) => runScopedId(ctx.runId, `media:${entry}`);
    const seen = new Set<string>();
    const plans: (Planned | JobItemResult)[] = [];
    for (const r of archive.recipes) {
      const key = r.entry?.number ?? r.file;
      if (!r.entry) {
        plans.push({
          key,
          outcome: 'refused',
          code: 'recipe_import_recipe_invalid',
          params: { reason: r.problem ?? '' },
        });
        continue;
      }
      const lower = r.entry.number.toLowerCase();
      if (seen.has(lower)) {
        plans.push({
          key,
          outcome: 'refused',
          code: 'recipe_import_duplicate_number',
          params: { number: key },
        });
        continue;
      }
      seen.add(lower);
      const recipeId = runScopedId(ctx.runId, `recipe:${r.entry.number}`);
      if (refs.numbers.has(lower) && !(await deps.recipes.exists(data.brandOwnerCode, recipeId))) {
        plans.push({ key, outcome: 'skipped', code: 'recipe_import_number_exists', params: { number: key } });
        continue;
      }
      const planned = plan(r.entry, refs, mediaCodeOf);
      plans.push('content' in planned ? { ...planned, recipeId } : { key, ...planned });
    }

    // The mapping step's choices, applied only when a recipe will be created; each is a line of the report.
    if (plans.some((p) => 'content' in p))
      for (const line of await applyChoices(archive, refs, data, pool)) ctx.item(line);
    for (const line of await mappedLines(data, refs, pool)) ctx.item(line);

    const total = plans.length;
    let done = 0;
    const storedMedia = new Map<string, boolean>();
    const counts = { created: 0, skipped: 0, refused: 0 };
    for (const p of plans) {
      if (!('content' in p)) {
        ctx.item(p);
        counts[p.outcome as 'skipped' | 'refused']++;
      } else {
        const item = await createOne(p, archive, storedMedia, actor, data, deps);
        ctx.item(item);
        counts[item.outcome as 'created' | 'skipped' | 'refused']++;
      }
      await ctx.progress(++done, total);
    }
    return { summary: { ...counts, total, fileName: data.fileName } };
  } finally {
    archive.close();
  }
}

/** The report's lines of the references the mapping step mapped onto the brand's own, naming what each became. */
async function mappedLines(
  data: RecipeImportJob,
  refs: BrandReferences,
  pool: pg.Pool,
): Promise<JobItemResult[]> {
  const m = data.mapping;
  if (!m) return [];
  const tables = {
    categories: 'recipe_categories',
    tags: 'recipe_tags',
    accessories: 'accessories',
    units: 'ingredient_units',
  } as const;
  const lines: JobItemResult[] = [];
  for (const kind of ['categories', 'tags', 'accessories', 'units', 'models'] as const) {
    const pairs = Object.entries(m[kind] ?? {});
    if (!pairs.length) continue;
    const names = new Map<string, string>();
    if (kind !== 'models') {
      const number = kind === 'units' ? `names ->> $3` : 'number';
      const { rows } = await pool.query<{ id: string; to: string | null }>(
        `SELECT id::text, ${number} AS to FROM ${tables[kind]} WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])`,
        kind === 'units'
          ? [data.brandOwnerCode, pairs.map(([, to]) => to), refs.mainLang]
          : [data.brandOwnerCode, pairs.map(([, to]) => to)],
      );
      for (const r of rows) names.set(r.id, r.to ?? '');
    }
    for (const [from, to] of pairs)
      lines.push({
        key: from,
        outcome: 'choice',
        code: `recipe_import_choice_${kind}_mapped`,
        params: { to: kind === 'models' ? to : (names.get(to) ?? to) },
      });
  }
  return lines;
}

/**
 * Enables the languages and creates the references the mapping step chose (in one transaction, before the recipes
 * that need them); answers the report's lines. A created reference is named in the brand's languages, from the
 * zip's names of it; its main language is the brand's if named in it.
 */
async function applyChoices(
  archive: RecipeArchive,
  refs: BrandReferences,
  data: RecipeImportJob,
  pool: pg.Pool,
): Promise<JobItemResult[]> {
  const brand = data.brandOwnerCode;
  const lines: JobItemResult[] = [];
  const namesOf = (names: Record<string, string> | undefined) =>
    Object.fromEntries(Object.entries(names ?? {}).filter(([l, n]) => refs.langs.has(l) && n.trim()));
  const found = {
    categories: new Map<string, Record<string, string>>(),
    tags: new Map<string, Record<string, string>>(),
    units: new Map<string, Record<string, string>>(),
  };
  for (const { entry } of archive.recipes) {
    if (!entry) continue;
    if (entry.refs.category && entry.refs.categoryNames)
      found.categories.set(entry.refs.category, entry.refs.categoryNames);
    for (const [number, names] of Object.entries(entry.refs.tagNames ?? {})) found.tags.set(number, names);
    for (const names of Object.values(entry.refs.units))
      for (const n of Object.values(names)) if (n) found.units.set(n, names);
  }
  await withTransaction(pool, async (c) => {
    for (const lang of refs.enableLangs) {
      await c.query(
        `INSERT INTO brand_languages (brand_owner_code, lang_code, is_main, sort)
         SELECT $1, $2, false, coalesce(max(sort) + 1, 0) FROM brand_languages WHERE brand_owner_code = $1
         ON CONFLICT DO NOTHING`,
        [brand, lang],
      );
      lines.push({
        key: lang,
        outcome: 'choice',
        code: 'recipe_import_choice_lang_enabled',
        params: { lang },
      });
    }
    for (const lang of refs.dropLangs)
      lines.push({
        key: lang,
        outcome: 'choice',
        code: 'recipe_import_choice_lang_dropped',
        params: { lang },
      });
    for (const [kind, table] of [
      ['categories', 'recipe_categories'],
      ['tags', 'recipe_tags'],
      ['units', 'ingredient_units'],
    ] as const)
      for (const [from, id] of refs.create[kind]) {
        const names = namesOf(found[kind].get(from));
        const main = names[refs.mainLang] ? refs.mainLang : Object.keys(names)[0];
        if (!main) {
          lines.push({
            key: from,
            outcome: 'refused',
            code: 'recipe_import_choice_no_names',
            params: { name: from },
          });
          continue;
        }
        if (kind === 'categories')
          await c.query(
            `INSERT INTO recipe_categories (id, brand_owner_code, number, main_lang, names) VALUES ($1, $2, $3, $4, $5::jsonb)`,
            [id, brand, from, main, JSON.stringify(names)],
          );
        else if (kind === 'tags')
          await c.query(
            `INSERT INTO recipe_tags (id, brand_owner_code, number, names) VALUES ($1, $2, $3, $4::jsonb)`,
            [id, brand, from, JSON.stringify(names)],
          );
        else
          await c.query(`INSERT INTO ${table} (id, brand_owner_code, names) VALUES ($1, $2, $3::jsonb)`, [
            id,
            brand,
            JSON.stringify(names),
          ]);
        lines.push({ key: from, outcome: 'choice', code: `recipe_import_choice_${kind}_created` });
      }
  });
  return lines;
}

/** Copies a recipe's media into the file store (once each) and creates it through the recipe command path. */
async function createOne(
  p: Planned,
  archive: RecipeArchive,
  storedMedia: Map<string, boolean>,
  actor: Actor,
  data: RecipeImportJob,
  deps: RecipeImportDeps,
): Promise<JobItemResult> {
  for (const [entry, code] of p.media) {
    if (!storedMedia.has(entry)) storedMedia.set(entry, await storeMedia(entry, code, archive, data, deps));
    if (!storedMedia.get(entry))
      return {
        key: p.number,
        outcome: 'refused',
        code: 'recipe_import_media_missing',
        params: { name: entry },
      };
  }
  try {
    // Created by an earlier attempt of this run (its worker died after the append): created once, reported so.
    if (!(await deps.recipes.exists(actor.brand, p.recipeId)))
      await deps.recipes.create(actor, p.recipeId, p.content, data.fileName);
    return { key: p.number, outcome: 'created' };
  } catch (error) {
    const e = error as { code?: string; params?: Record<string, string | number> };
    if (e.code === 'recipe_number_taken')
      return {
        key: p.number,
        outcome: 'skipped',
        code: 'recipe_import_number_exists',
        params: { number: p.number },
      };
    return {
      key: p.number,
      outcome: 'refused',
      code: e.code ?? 'recipe_import_failed',
      params: e.params ?? { reason: String(error) },
    };
  }
}

const PURPOSES = ['image', 'video', 'audio'] as const;

/** One media entry into the file store under a new code, typed by its bytes as an upload would be. */
async function storeMedia(
  entry: string,
  code: string,
  archive: RecipeArchive,
  data: RecipeImportJob,
  deps: RecipeImportDeps,
) {
  const target = path.resolve(deps.filesDir, storagePathOf(data.brandOwnerCode, code));
  await mkdir(path.dirname(target), { recursive: true });
  const copied = await archive.extract(entry, target);
  const name = path.basename(entry);
  const type = copied ? await fileTypeFromBuffer(copied.head) : undefined;
  const purpose =
    copied &&
    PURPOSES.find(
      (p) => FILE_KINDS[p]!.accepts(type, copied.head, name) && copied.size <= FILE_KINDS[p]!.maxBytes,
    );
  if (!copied || !purpose) {
    await rm(target, { force: true });
    return false;
  }
  const mime = FILE_KINDS[purpose]!.accepts(type, copied.head, name)!;
  // Kept as recorded when an earlier attempt of the run recorded it (same code, same bytes).
  await recordFile(
    deps.pool,
    {
      fileCode: code,
      brand: data.brandOwnerCode,
      purpose,
      mime,
      size: copied.size,
      name,
      sha256: '',
      createdBy: data.actor,
    },
    { keep: true },
  );
  return true;
}

/**
 * The recipe-import worker, on the job kit, in the workers process: the archive is checked whole first
 * (openRecipeArchive), then each recipe is created through the recipe command path (`recipes`: reference checks,
 * the brand's number claim, decider, events), as the API's own create would.
 */
export const recipeImportWorker = defineJobWorker({
  queue: RECIPE_IMPORT_QUEUE,
  kind: 'recipe-import',
  concurrency: 1,
  run: (ctx, deps: RecipeImportDeps) => importRecipes(ctx, deps),
});
