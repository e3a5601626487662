import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from '@kb/platform';
import {
  defineJobWorker,
  JobFailure,
  OFFLINE_PACK_BUILD_QUEUE,
  offlinePackFilePath,
  type JobContext,
  type JobRunChange,
  type OfflinePackBuildJob,
  ZipWriter,
} from '@kb/platform';
import type { Logger } from 'pino';
import {
  localizedRecipe,
  mediaFileName,
  recipeMedia,
  selectPackContents,
  type CatalogEntry,
  type PackedRecipeSource,
} from './pack-contents.js';
import { loadReferenceNames } from './pack-names.js';

/** A refusal the build cannot get past by trying again; its code is translated by the API for the screens. */
export class PackBuildError extends JobFailure {}

export interface OfflinePackBuildDeps {
  pool: Pool;
  /** The file store the API's files module writes (FILES_DIR): media are read from it, packs written into it. */
  filesDir: string;
  log: Logger;
}

interface FileRow {
  file_code: string;
  storage_path: string;
  mime: string;
  original_name: string;
}

const NAMED = 5;
const listed = (items: string[]) =>
  items.length > NAMED ? `${items.slice(0, NAMED).join(', ')}…` : items.join(', ');

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The catalog of the model's last released pack (another pack of the same brand, factory and customer model). */
async function baselineOf(pool: Pool, job: OfflinePackBuildJob) {
  const { rows } = await pool.query<{
    build_id: string;
    pack_id: string;
    number: string;
    catalog: CatalogEntry[];
  }>(
    `SELECT build_id::text, pack_id::text, manifest->'pack'->>'number' AS number, manifest->'catalog' AS catalog
       FROM offline_pack_builds
      WHERE brand_owner_code = $1 AND product_code = $2 AND sub_brand_code = $3 AND released_at IS NOT NULL
        AND status = 'done' AND pack_id <> $4
      ORDER BY released_at DESC LIMIT 1`,
    [job.brandOwnerCode, job.content.productCode, job.content.subBrandCode, job.packId],
  );
  return rows[0] ?? null;
}

/** The selected recipes from the recipe read model, in the pack's order; refused when one is gone or not released. */
async function selectedRecipes(pool: Pool, job: OfflinePackBuildJob): Promise<PackedRecipeSource[]> {
  const { rows } = await pool.query<{ id: string; state: Omit<PackedRecipeSource, 'id'> }>(
    `SELECT recipe_id::text AS id, state FROM recipe_detail WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])`,
    [job.brandOwnerCode, job.content.recipeIds],
  );
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, ...r.state }]));
  const unavailable = job.content.recipeIds.filter((id) => byId.get(id)?.status !== 'released');
  if (unavailable.length)
    throw new PackBuildError('offline_pack_build_recipes_unavailable', {
      numbers: listed(unavailable.map((id) => byId.get(id)?.content.number ?? id.slice(0, 8))),
    });
  return job.content.recipeIds.map((id) => byId.get(id)!);
}

async function modelOf(pool: Pool, job: OfflinePackBuildJob) {
  const { rows } = await pool.query<{
    factory_model: string | null;
    sub_brand_name: string | null;
    customer_model: string | null;
  }>(
    `SELECT p.factory_model, s.name AS sub_brand_name, sp.customer_model
       FROM (SELECT 1) x
       LEFT JOIN products p ON p.product_code = $2
       LEFT JOIN sub_brands s ON s.brand_owner_code = $1 AND s.sub_brand_code = $3
       LEFT JOIN sub_brand_products sp ON sp.brand_owner_code = $1 AND sp.sub_brand_code = $3 AND sp.product_code = $2`,
    [job.brandOwnerCode, job.content.productCode, job.content.subBrandCode],
  );
  const row = rows[0];
  return {
    productCode: job.content.productCode,
    factoryModel: row?.factory_model ?? null,
    subBrandCode: job.content.subBrandCode,
    subBrandName: row?.sub_brand_name ?? null,
    customerModel: row?.customer_model ?? null,
  };
}

/**
 * Writes one pack file: `manifest.json` (pack, model, languages, the recipes with their versions, removed ids, the
 * catalog a device holds afterwards, and every other file with its size and SHA-256), `recipes/<id>/<lang>.json`
 * for each recipe in each of its languages, and `media/<fileCode>.<ext>` for the pictures, videos and audio they
 * use. The zip is written beside its final name and renamed when complete; its own SHA-256 goes into the row.
 */
async function buildOfflinePack(ctx: JobContext<OfflinePackBuildJob>, deps: OfflinePackBuildDeps) {
  const { data } = ctx;
  const { pool, filesDir } = deps;
  // Progress in percent of the whole build: 10 after reading, 10–90 while packing, 95 when written.
  const progress = (percent: number) => ctx.progress(Math.round(percent), 100);

  const recipes = await selectedRecipes(pool, data);
  const baseline = data.content.type === 'incremental' ? await baselineOf(pool, data) : null;
  const selection = selectPackContents(data.content.type, recipes, baseline?.catalog ?? null);
  const model = await modelOf(pool, data);
  const referenceNames = await loadReferenceNames(pool, data.brandOwnerCode, selection.included);
  await progress(10);

  const codes = [...new Set(selection.included.flatMap((r) => recipeMedia(r.content)))];
  const fileRows = codes.length
    ? (
        await pool.query<FileRow>(
          `SELECT file_code::text, storage_path, mime, original_name FROM files
            WHERE brand_owner_code = $1 AND file_code = ANY($2::uuid[])`,
          [data.brandOwnerCode, codes],
        )
      ).rows
    : [];
  const files = new Map(fileRows.map((f) => [f.file_code, f]));
  const missing = codes.filter((c) => !files.has(c));
  if (missing.length) throw new PackBuildError('offline_pack_build_media_missing', { count: missing.length });
  const mediaPath = (code: string) => {
    const f = files.get(code)!;
    return mediaFileName(code, f.mime, f.original_name);
  };

  const relative = offlinePackFilePath(data.brandOwnerCode, data.packId, data.buildId);
  const target = path.resolve(filesDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.part`;
  // Same content, same bytes: no clock in the file (entry times, manifest), the build's own facts stay in its row.
  const out = createWriteStream(partial);
  const zip = new ZipWriter(out);
  const listedFiles: { path: string; size: number; sha256: string }[] = [];
  const add = async (name: string, bytes: Buffer) => {
    await zip.add(name, bytes);
    listedFiles.push({ path: name, size: bytes.length, sha256: sha256(bytes) });
  };
  try {
    const total = selection.included.length + codes.length || 1;
    let done = 0;
    const packedRecipes = [];
    for (const recipe of selection.included) {
      const recipeFiles: string[] = [];
      for (const lang of recipe.content.langs) {
        const name = `recipes/${recipe.id}/${lang}.json`;
        await add(
          name,
          Buffer.from(JSON.stringify(localizedRecipe(recipe, lang, mediaPath, referenceNames), null, 2)),
        );
        recipeFiles.push(name);
      }
      const names: Record<string, string> = {};
      for (const lang of recipe.content.langs) names[lang] = recipe.content.texts[lang]?.name ?? '';
      packedRecipes.push({
        id: recipe.id,
        number: recipe.content.number,
        version: recipe.version,
        mainLang: recipe.content.mainLang,
        languages: recipe.content.langs,
        names,
        files: recipeFiles,
        media: recipeMedia(recipe.content).map(mediaPath),
      });
      await progress(10 + (80 * ++done) / total);
    }
    for (const code of codes) {
      const f = files.get(code)!;
      let bytes: Buffer;
      try {
        bytes = await readFile(path.resolve(filesDir, f.storage_path));
      } catch {
        throw new PackBuildError('offline_pack_build_media_missing', { count: 1 });
      }
      await add(mediaPath(code), bytes);
      await progress(10 + (80 * ++done) / total);
    }
    const manifest = {
      format: 'kitchen-offline-pack/1',
      brandOwnerCode: data.brandOwnerCode,
      pack: {
        id: data.packId,
        number: data.content.number,
        type: data.content.type,
      },
      model,
      languages: [...new Set(selection.included.flatMap((r) => r.content.langs))].sort(),
      baseline: baseline
        ? { packId: baseline.pack_id, number: baseline.number, buildId: baseline.build_id }
        : null,
      recipes: packedRecipes,
      removedRecipeIds: selection.removedRecipeIds,
      catalog: selection.catalog,
      files: listedFiles,
    };
    await zip.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    const written = await zip.finish();
    await progress(95);
    await rename(partial, target);
    await pool.query(
      `UPDATE offline_pack_builds SET status = 'done', progress = 100, file_path = $2, file_size = $3, sha256 = $4,
         manifest = $5, finished_at = now() WHERE build_id = $1`,
      [data.buildId, relative, written.size, written.sha256, JSON.stringify(manifest)],
    );
    await removeSupersededFiles(deps, data);
    return {
      output: { path: relative, name: `${data.content.number}.zip`, size: written.size },
      summary: { recipes: packedRecipes.length, media: codes.length, sha256: written.sha256 },
      value: { file: relative, size: written.size, sha256: written.sha256 },
    };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Deletes the files of the pack's earlier builds now that a newer one is done: only the newest file is offered for
 * download. Files of builds that went online stay (they are what devices received).
 */
async function removeSupersededFiles(deps: OfflinePackBuildDeps, data: OfflinePackBuildJob): Promise<void> {
  const { rows } = await deps.pool.query<{ build_id: string; file_path: string }>(
    `WITH superseded AS (
       SELECT build_id, file_path FROM offline_pack_builds
        WHERE pack_id = $1 AND build_id <> $2 AND status = 'done' AND released_at IS NULL AND file_path IS NOT NULL
          AND requested_at < (SELECT requested_at FROM offline_pack_builds WHERE build_id = $2)
        FOR UPDATE)
     UPDATE offline_pack_builds b SET file_path = NULL FROM superseded s WHERE b.build_id = s.build_id
     RETURNING s.build_id::text, s.file_path`,
    [data.packId, data.buildId],
  );
  for (const row of rows) await rm(path.resolve(deps.filesDir, row.file_path), { force: true });
}

/**
 * Mirrors the kit's run state into the build's own row (the pack screens and publishing read `offline_pack_builds`):
 * running with its progress, queued again with the reason before the last attempt, failed with it on the last.
 */
async function mirrorBuild(change: JobRunChange, deps: OfflinePackBuildDeps): Promise<void> {
  if (change.state === 'running') {
    await deps.pool.query(
      `UPDATE offline_pack_builds SET status = 'running', progress = $2,
         started_at = CASE WHEN $2 = 0 THEN now() ELSE started_at END,
         error_code = CASE WHEN $2 = 0 THEN NULL ELSE error_code END,
         error_params = CASE WHEN $2 = 0 THEN NULL ELSE error_params END
        WHERE build_id = $1 AND status IN ('queued', 'running')`,
      [change.runId, Math.min(change.percent, 99)],
    );
    return;
  }
  if (change.state === 'succeeded') return;
  await deps.pool.query(
    `UPDATE offline_pack_builds SET status = $2, progress = 0, error_code = $3, error_params = $4,
       finished_at = CASE WHEN $2 = 'failed' THEN now() END WHERE build_id = $1 AND status <> 'done'`,
    [change.runId, change.state, change.errorCode ?? null, JSON.stringify(change.errorParams ?? {})],
  );
}

/**
 * The worker of queue `offline-pack-build`, on the job kit: one build at a time (a build reads and compresses every
 * media file; the machine's cores are better left to the API). Its run is the `job_runs` row of id `buildId`.
 */
export const offlinePackBuildWorker = defineJobWorker({
  queue: OFFLINE_PACK_BUILD_QUEUE,
  kind: 'offline-pack-build',
  concurrency: 1,
  runIdOf: (data) => data.buildId,
  run: (ctx, deps: OfflinePackBuildDeps) => buildOfflinePack(ctx, deps),
  onChange: mirrorBuild,
});
