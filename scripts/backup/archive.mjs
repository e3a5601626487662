// What a backup folder holds and how its checksums are taken; shared by `npm run backup` and `npm run restore`.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const DATABASE_DUMP = 'database.dump';
export const FILES_ARCHIVE = 'files.tar.gz';
export const MANIFEST = 'manifest.json';

/** The repository root. */
export const root = path.resolve(import.meta.dirname, '../..');
/** The database and the files folder backed up and restored: DATABASE_URL and FILES_DIR, as the apps read them. */
export const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kitchen';
export const filesDir = path.resolve(root, process.env.FILES_DIR ?? '.data/files');

export function sha256OfFile(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** sha256 of every regular file under `dir`, by its path relative to `dir` (forward slashes), sorted. */
export async function checksumsOfFolder(dir) {
  const sums = {};
  if (!existsSync(dir)) return sums;
  const names = readdirSync(dir, { recursive: true }).map(String).sort();
  for (const name of names) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) sums[name.split(path.sep).join('/')] = await sha256OfFile(file);
  }
  return sums;
}

/** The Postgres client tools: PG_BIN when set, else the newest under /usr/lib/postgresql, else PATH. */
export function pgTool(name) {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versions)
      if (existsSync(path.join(base, v, 'bin', name))) return path.join(base, v, 'bin', name);
  }
  return name;
}
