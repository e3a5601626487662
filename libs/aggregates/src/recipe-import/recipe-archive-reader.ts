import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import yauzlModule, { type Entry } from 'yauzl';
import {
  recipeArchiveEntrySchema,
  recipeArchiveManifestSchema,
  type RecipeArchiveEntry,
  type RecipeArchiveManifest,
} from '@kb/contracts';
import { JobFailure } from '@kb/platform';

/** The part of yauzl (v3) read here: its promise API, which @types/yauzl (written for v2) lacks. */
interface ZipFile extends EventEmitter {
  entryCount: number;
  readEntry(): void;
  openReadStreamPromise(entry: Entry): Promise<Readable>;
  close(): void;
}
const yauzl = yauzlModule as unknown as {
  openPromise(
    path: string,
    options: { lazyEntries: boolean; autoClose: boolean; strictFileNames: boolean },
  ): Promise<ZipFile>;
};

/** Limits of an import archive: entries, expanded bytes (zip bombs), one JSON entry's bytes. */
export const ARCHIVE_LIMITS = {
  maxEntries: 60_000,
  maxExpandedBytes: 2 * 1024 * 1024 * 1024,
  maxJsonBytes: 5 * 1024 * 1024,
};

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A checked, opened recipe archive: its manifest, its recipes (parsed), and its media entries to copy out. */
export interface RecipeArchive {
  manifest: RecipeArchiveManifest;
  recipes: { file: string; entry: RecipeArchiveEntry | null; problem: string | null }[];
  /** Copies a media entry to `target`, returning its size and the first bytes (for the type check). */
  extract(name: string, target: string): Promise<{ size: number; head: Buffer } | null>;
  close(): void;
}

async function isZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05);
  } finally {
    await handle.close();
  }
}

/** Every entry of the archive, refusing unsafe names, too many entries and too many expanded bytes. */
function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let expanded = 0;
    if (zip.entryCount > ARCHIVE_LIMITS.maxEntries)
      return reject(new JobFailure('recipe_import_too_many_entries', { max: ARCHIVE_LIMITS.maxEntries }));
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (
        name.split('/').includes('..') ||
        name.startsWith('/') ||
        name.includes('\\') ||
        /^[A-Za-z]:/.test(name)
      )
        return reject(new JobFailure('recipe_import_path_traversal', { name: name.slice(0, 100) }));
      expanded += entry.uncompressedSize;
      if (expanded > ARCHIVE_LIMITS.maxExpandedBytes)
        return reject(
          new JobFailure('recipe_import_too_large', { max: mb(ARCHIVE_LIMITS.maxExpandedBytes) }),
        );
      if (!name.endsWith('/')) entries.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => {
      const traversal = /^(invalid relative path|absolute path): (.*)$/.exec(error.message);
      reject(
        traversal
          ? new JobFailure('recipe_import_path_traversal', { name: traversal[2]!.slice(0, 100) })
          : new JobFailure('recipe_import_zip_broken', { reason: error.message.slice(0, 200) }),
      );
    });
    zip.readEntry();
  });
}

/** Reads an entry whole (JSON), refusing more than the limit; returns the bytes and their SHA-256. */
async function readEntry(zip: ZipFile, entry: Entry): Promise<{ bytes: Buffer; sha256: string }> {
  if (entry.uncompressedSize > ARCHIVE_LIMITS.maxJsonBytes)
    throw new JobFailure('recipe_import_too_large', { max: mb(ARCHIVE_LIMITS.maxJsonBytes) });
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  const hash = createHash('sha256');
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      hash.update(chunk as Buffer);
    }
  } catch (error) {
    throw new JobFailure('recipe_import_zip_broken', { reason: (error as Error).message.slice(0, 200) });
  }
  return { bytes: Buffer.concat(chunks), sha256: hash.digest('hex') };
}

/** Streams an entry through SHA-256 (and optionally to a file), never holding it whole. */
async function streamEntry(zip: ZipFile, entry: Entry, target?: string) {
  const stream = await zip.openReadStreamPromise(entry);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64 - head.length)]);
      done(null, chunk);
    },
  });
  try {
    if (target) await pipeline(stream, tap, createWriteStream(target));
    else
      await pipeline(stream, tap, async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) void chunk;
      });
  } catch (error) {
    throw new JobFailure('recipe_import_zip_broken', { reason: (error as Error).message.slice(0, 200) });
  }
  return { sha256: hash.digest('hex'), size, head };
}

const reason = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.')}: ${i.message}`)
    .join('; ')
    .slice(0, 300);

/**
 * Opens an uploaded recipe zip and checks it whole before anything is written: a zip by its bytes, safe entry names,
 * at most `maxEntries` entries expanding to at most `maxExpandedBytes`, a valid `manifest.json` whose every listed
 * entry is present with its SHA-256. Each recipe entry is parsed; a recipe whose JSON does not parse is kept with its
 * problem (reported as refused), the others are checked further by the import.
 */
export async function openRecipeArchive(path: string): Promise<RecipeArchive> {
  if (!(await isZip(path))) throw new JobFailure('recipe_import_not_zip');
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch (error) {
    throw new JobFailure('recipe_import_zip_broken', { reason: (error as Error).message.slice(0, 200) });
  }
  try {
    const entries = await listEntries(zip);
    const manifestEntry = entries.get('manifest.json');
    if (!manifestEntry) throw new JobFailure('recipe_import_manifest_missing');
    let manifestJson: unknown;
    try {
      manifestJson = JSON.parse((await readEntry(zip, manifestEntry)).bytes.toString('utf8'));
    } catch (error) {
      if (error instanceof JobFailure) throw error;
      throw new JobFailure('recipe_import_manifest_invalid', { reason: 'JSON' });
    }
    const parsed = recipeArchiveManifestSchema.safeParse(manifestJson);
    if (!parsed.success)
      throw new JobFailure('recipe_import_manifest_invalid', { reason: reason(parsed.error.issues) });
    const manifest = parsed.data;
    const listed = new Map(manifest.files.map((f) => [f.path, f]));
    for (const r of manifest.recipes)
      if (!listed.has(r.file)) throw new JobFailure('recipe_import_manifest_invalid', { reason: r.file });

    const recipes: RecipeArchive['recipes'] = [];
    const jsonOf = new Map<string, Buffer>();
    for (const file of manifest.files) {
      const entry = entries.get(file.path);
      if (!entry) throw new JobFailure('recipe_import_entry_missing', { name: file.path });
      const isRecipe = file.path.startsWith('recipes/') && file.path.endsWith('.json');
      const read = isRecipe ? await readEntry(zip, entry) : await streamEntry(zip, entry);
      if (read.sha256 !== file.sha256) throw new JobFailure('recipe_import_checksum', { name: file.path });
      if (isRecipe) jsonOf.set(file.path, (read as { bytes: Buffer }).bytes);
    }
    for (const r of manifest.recipes) {
      try {
        const entry = recipeArchiveEntrySchema.safeParse(JSON.parse(jsonOf.get(r.file)!.toString('utf8')));
        recipes.push(
          entry.success
            ? { file: r.file, entry: entry.data, problem: null }
            : { file: r.file, entry: null, problem: reason(entry.error.issues) },
        );
      } catch {
        recipes.push({ file: r.file, entry: null, problem: 'JSON' });
      }
    }
    return {
      manifest,
      recipes,
      extract: async (name, target) => {
        const entry = entries.get(name);
        if (!entry || !listed.has(name)) return null;
        const { size, head } = await streamEntry(zip, entry, target);
        return { size, head };
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
