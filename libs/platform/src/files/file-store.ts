import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

/** Where a brand's file lives below FILES_DIR: `<brand>/<the code's first two characters>/<code>`. */
export const storagePathOf = (brand: string, fileCode: string) =>
  path.join(brand, fileCode.slice(0, 2), fileCode);

/** A file of the brand as the `files` table records it, stored at its storage path. */
export interface RecordedFile {
  fileCode: string;
  brand: string;
  purpose: string;
  mime: string;
  size: number;
  name: string;
  /** The hex sha256 of its bytes ('' when not computed, e.g. an imported archive's media). */
  sha256: string;
  createdBy: string;
}

/** Records a stored file; with `keep`, a code already recorded stays as it is. */
export async function recordFile(
  db: Pick<pg.Pool, 'query'>,
  file: RecordedFile,
  { keep = false } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO files (file_code, brand_owner_code, purpose, mime, size, original_name, storage_path, sha256, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)${keep ? ' ON CONFLICT (file_code) DO NOTHING' : ''}`,
    [
      file.fileCode,
      file.brand,
      file.purpose,
      file.mime,
      file.size,
      file.name,
      storagePathOf(file.brand, file.fileCode),
      file.sha256,
      file.createdBy,
    ],
  );
}

/**
 * A file the demo data ships (drawn or made up), as an upload of the brand would have stored it: written to the
 * store and recorded, unless its code is already there.
 */
export async function ensureSeedFile(
  pool: pg.Pool,
  filesDir: string,
  file: Pick<RecordedFile, 'fileCode' | 'brand' | 'purpose' | 'mime' | 'name'> & { bytes: () => Buffer },
): Promise<void> {
  const exists = await pool.query('SELECT 1 FROM files WHERE file_code = $1', [file.fileCode]);
  if (exists.rowCount) return;
  const bytes = file.bytes();
  const target = path.resolve(filesDir, storagePathOf(file.brand, file.fileCode));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(`${target}.part`, bytes);
  await rename(`${target}.part`, target);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await recordFile(pool, { ...file, size: bytes.length, sha256, createdBy: 'seed' }, { keep: true });
}
