import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  RECIPE_ARCHIVE_FORMAT,
  type RecipeArchiveEntry,
  type RecipeArchiveManifest,
  type RecipeContent,
} from '@kb/contracts';
import {
  defineJobWorker,
  JobFailure,
  RECIPE_EXPORT_QUEUE,
  type JobContext,
  type JobWorkerDeps,
  type RecipeExportJob,
  ZipWriter,
} from '@kb/platform';
import { mediaFileName, recipeMedia } from '../offline-packs/pack-contents.js';

export interface RecipeExportDeps extends JobWorkerDeps {
  /** The file store (FILES_DIR): media are read from it, the export written into it. */
  filesDir: string;
}

const BATCH = 200;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Where an export's zip is stored (relative to FILES_DIR). */
export const recipeExportFilePath = (brand: string, runId: string) => `${brand}/jobs/${runId}/recipes.zip`;

interface FileRow {
  file_code: string;
  storage_path: string;
  mime: string;
  original_name: string;
}

/**
 * The references a recipe names, by what another brand finds them by (numbers, unit names, zip paths), with the
 * names of categories and tags, so that a brand lacking one can create it.
 */
async function referencesOf(deps: RecipeExportDeps, brand: string, contents: RecipeContent[]) {
  const ids = (pick: (c: RecipeContent) => (string | null)[]) => [
    ...new Set(contents.flatMap(pick).filter((v): v is string => !!v)),
  ];
  const names = new Map<string, Record<string, string>>();
  const numbers = async (table: string, list: string[]) =>
    list.length
      ? new Map(
          (
            await deps.pool.query<{ id: string; number: string; names: Record<string, string> }>(
              `SELECT id::text, number, names FROM ${table} WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])`,
              [brand, list],
            )
          ).rows.map((r) => {
            names.set(r.id, r.names);
            return [r.id, r.number];
          }),
        )
      : new Map<string, string>();
  const unitIds = ids((c) => c.servingVersions.flatMap((v) => v.ingredients.map((i) => i.unitId)));
  const [categories, tags, accessories, units] = await Promise.all([
    numbers(
      'recipe_categories',
      ids((c) => [c.categoryId]),
    ),
    numbers(
      'recipe_tags',
      ids((c) => c.tagIds),
    ),
    numbers(
      'accessories',
      ids((c) => c.accessoryIds),
    ),
    unitIds.length
      ? deps.pool.query<{ id: string; names: Record<string, string> }>(
          'SELECT id::text, names FROM ingredient_units WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
          [brand, unitIds],
        )
      : Promise.resolve({ rows: [] }),
  ]);
  return { categories, tags, accessories, units: new Map(units.rows.map((u) => [u.id, u.names])), names };
}

/**
 * Writes one recipe zip (format in libs/contracts recipe-archive.ts): each recipe's whole content with its references
 * by number/name, then the media files, then the manifest with every entry's size and SHA-256. Recipes are read in
 * batches and the zip is streamed to disk (one media file in memory at a time), beside its final name, renamed when
 * complete.
 */
async function exportRecipes(ctx: JobContext<RecipeExportJob>, deps: RecipeExportDeps) {
  const { data } = ctx;
  const brand = data.brandOwnerCode;
  const relative = recipeExportFilePath(brand, data.runId);
  const target = path.resolve(deps.filesDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.part`;
  const exportedAt = new Date();
  const out = createWriteStream(partial);
  const zip = new ZipWriter(out, exportedAt);
  const files: RecipeArchiveManifest['files'] = [];
  const add = async (name: string, bytes: Buffer) => {
    await zip.add(name, bytes);
    files.push({ path: name, size: bytes.length, sha256: sha256(bytes) });
  };
  const recipes: RecipeArchiveManifest['recipes'] = [];
  const languages = new Set<string>();
  const media = new Map<string, FileRow>();
  const total = data.recipeIds.length;
  try {
    for (let start = 0; start < total; start += BATCH) {
      const ids = data.recipeIds.slice(start, start + BATCH);
      const { rows } = await deps.pool.query<{ id: string; content: RecipeContent }>(
        `SELECT recipe_id::text AS id, state->'content' AS content FROM recipe_detail
          WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])`,
        [brand, ids],
      );
      const byId = new Map(rows.map((r) => [r.id, r.content]));
      const contents = ids.map((id) => byId.get(id)).filter((c): c is RecipeContent => !!c);
      const refs = await referencesOf(deps, brand, contents);
      const codes = [...new Set(contents.flatMap(recipeMedia))].filter((c) => !media.has(c));
      if (codes.length) {
        const found = await deps.pool.query<FileRow>(
          `SELECT file_code::text, storage_path, mime, original_name FROM files
            WHERE brand_owner_code = $1 AND file_code = ANY($2::uuid[])`,
          [brand, codes],
        );
        for (const f of found.rows) media.set(f.file_code, f);
        const missing = codes.filter((c) => !media.has(c));
        if (missing.length) throw new JobFailure('recipe_export_media_missing', { count: missing.length });
      }
      for (const [i, id] of ids.entries()) {
        const content = byId.get(id);
        if (!content) {
          ctx.item({ key: id.slice(0, 8), outcome: 'refused', code: 'recipe_not_found' });
          continue;
        }
        const entry: RecipeArchiveEntry = {
          number: content.number,
          content: content as unknown as Record<string, unknown>,
          refs: {
            category: content.categoryId ? (refs.categories.get(content.categoryId) ?? null) : null,
            tags: Object.fromEntries(
              content.tagIds.flatMap((t) => (refs.tags.has(t) ? [[t, refs.tags.get(t)!]] : [])),
            ),
            accessories: Object.fromEntries(
              content.accessoryIds.flatMap((a) =>
                refs.accessories.has(a) ? [[a, refs.accessories.get(a)!]] : [],
              ),
            ),
            units: Object.fromEntries(
              content.servingVersions
                .flatMap((v) => v.ingredients.map((g) => g.unitId))
                .flatMap((u) => (u && refs.units.has(u) ? [[u, refs.units.get(u)!]] : [])),
            ),
            ...(content.categoryId && refs.names.has(content.categoryId)
              ? { categoryNames: refs.names.get(content.categoryId)! }
              : {}),
            tagNames: Object.fromEntries(
              content.tagIds.flatMap((t) =>
                refs.tags.has(t) && refs.names.has(t) ? [[refs.tags.get(t)!, refs.names.get(t)!]] : [],
              ),
            ),
            files: Object.fromEntries(
              recipeMedia(content).map((c) => {
                const f = media.get(c)!;
                return [c, mediaFileName(c, f.mime, f.original_name)];
              }),
            ),
          },
        };
        const file = `recipes/${content.number}.json`;
        await add(file, Buffer.from(JSON.stringify(entry)));
        recipes.push({ number: content.number, file });
        for (const l of content.langs) languages.add(l);
        ctx.item({ key: content.number, outcome: 'exported' });
        await ctx.progress(start + i + 1, total);
      }
    }
    for (const [code, f] of media) {
      let bytes: Buffer;
      try {
        bytes = await readFile(path.resolve(deps.filesDir, f.storage_path));
      } catch {
        throw new JobFailure('recipe_export_media_missing', { count: 1 });
      }
      await add(mediaFileName(code, f.mime, f.original_name), bytes);
    }
    const manifest: RecipeArchiveManifest = {
      format: RECIPE_ARCHIVE_FORMAT,
      brandOwnerCode: brand,
      exportedAt: exportedAt.toISOString(),
      languages: [...languages].sort(),
      count: recipes.length,
      recipes,
      files,
    };
    await zip.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    const written = await zip.finish();
    await rename(partial, target);
    const day = exportedAt.toISOString().slice(0, 10);
    return {
      output: { path: relative, name: `recipes-${brand}-${day}.zip`, size: written.size },
      summary: { recipes: recipes.length, media: media.size, sha256: written.sha256 },
    };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/** The worker of queue `recipe-export`, on the job kit: one export at a time. */
export const recipeExportWorker = defineJobWorker({
  queue: RECIPE_EXPORT_QUEUE,
  kind: 'recipe-export',
  concurrency: 1,
  run: (ctx, deps: RecipeExportDeps) => exportRecipes(ctx, deps),
});
