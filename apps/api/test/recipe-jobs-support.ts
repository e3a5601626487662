import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import type { JobRun } from '@kb/contracts';
import { eventually } from '@kb/testing';
import { fileForm, type Client } from './harness.js';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A stored (uncompressed) zip of the given entries, written by hand so a test can make archives our exporter never
 * would: unsafe names, or a central directory that declares a huge expanded size (`declaredSize`).
 */
export function storedZip(entries: [string, Buffer][], declaredSize?: Record<string, number>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, raw] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(raw);
    // an entry with a declared size is deflated (a stored entry's two sizes must agree)
    const method = declaredSize?.[name] === undefined ? 0 : 8;
    const data = method ? deflateRawSync(raw) : raw;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize?.[name] ?? raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A recipe archive with a manifest that lists every entry with its SHA-256 (as our exporter writes it). */
export function archiveOf(entries: [string, Buffer][], manifest: Record<string, unknown> = {}): Buffer {
  const recipes = entries
    .filter(([name]) => name.startsWith('recipes/'))
    .map(([name, data]) => ({
      number: (JSON.parse(data.toString()) as { number: string }).number,
      file: name,
    }));
  const full = {
    format: 'kitchen-recipes/1',
    brandOwnerCode: 'DEMO',
    exportedAt: new Date().toISOString(),
    languages: ['de', 'en'],
    count: recipes.length,
    recipes,
    files: entries.map(([path, data]) => ({ path, size: data.length, sha256: sha256(data) })),
    ...manifest,
  };
  return storedZip([...entries, ['manifest.json', Buffer.from(JSON.stringify(full))]]);
}

/** Waits until a job has ended, and answers its run. */
export function waitForJob(client: Client, id: string, timeoutMs = 60_000): Promise<JobRun> {
  return eventually(
    async () => (await client.json('GET', `/api/recipe/asyncTask/detail?id=${id}`)).data as JobRun | null,
    (run) => run?.state === 'succeeded' || run?.state === 'failed',
    timeoutMs,
    `the end of job ${id}`,
  ) as Promise<JobRun>;
}

/** Uploads a zip (purpose zip) and starts its import; answers the start's envelope. */
export async function startImport(client: Client, bytes: Buffer, name: string) {
  const upload = await client.json('POST', '/api/file/upload', { body: fileForm(bytes, name, 'zip') });
  if (upload.status !== 200) return upload;
  return client.json('POST', '/api/recipe/importData', {
    json: { fileCode: upload.data.fileCode, fileName: name },
  });
}
