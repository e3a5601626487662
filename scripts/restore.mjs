// `npm run restore -- <backup folder>`: a backup made by `npm run backup` into an empty database (DATABASE_URL)
// and an empty files folder (FILES_DIR). Stop the apps first; start them when it is done.
//   1. the archives' checksums are checked against the manifest (nothing is restored from a damaged backup);
//   2. pg_restore into the empty database;
//   3. the events keep their order but take transaction id 3 (see below), and the projections' positions follow;
//   4. the files are unpacked and every one is checked against its checksum in the manifest;
//   5. every projection is rebuilt from the restored event store (`projector rebuild <name>`), so the read models
//      are what the events say, whatever state they were dumped in.
// Step 3: readers follow the event store by (transaction id, position) and only up to the oldest transaction still
// running. The restored rows keep the ids of the server they were written on; on another server (or after its
// transaction counter moved less far) they would lie in the future: hidden from every reader, and new events would
// sort before them. Giving them all the smallest normal id keeps their order (by position) and puts them before
// any event the restored system writes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { allProjections } from '@kb/read-models';
import {
  DATABASE_DUMP,
  FILES_ARCHIVE,
  MANIFEST,
  checksumsOfFolder,
  databaseUrl,
  filesDir,
  pgTool,
  root,
  sha256OfFile,
} from './backup/archive.mjs';

const source = process.argv[2] && path.resolve(process.argv[2]);
if (!source || !existsSync(path.join(source, MANIFEST)))
  throw new Error('Usage: npm run restore -- <backup folder> (a folder made by npm run backup)');
const manifest = JSON.parse(readFileSync(path.join(source, MANIFEST), 'utf8'));

for (const part of [manifest.database, manifest.files]) {
  const actual = await sha256OfFile(path.join(source, part.file));
  if (actual !== part.sha256)
    throw new Error(`${part.file} is damaged: sha256 ${actual}, the manifest says ${part.sha256}`);
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p')`,
  );
  if (rows[0].n) throw new Error('The target database is not empty: restore into a new, empty database');
} finally {
  await client.end();
}
mkdirSync(filesDir, { recursive: true });
if (readdirSync(filesDir).length)
  throw new Error(`${filesDir} is not empty: restore into an empty files folder`);

execFileSync(
  pgTool('pg_restore'),
  [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    path.join(source, DATABASE_DUMP),
  ],
  { stdio: 'inherit' },
);

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  await db.query('BEGIN');
  await db.query(`UPDATE events SET transaction_id = '3'::xid8`);
  // The read models' positions are in the old ids too. A rebuild left half done at the backup is dropped; a live
  // version is declared at the head, so that each rebuild below has a target it can reach and then replaces it.
  const { rows: building } = await db.query(
    `SELECT name, version FROM projection_checkpoints WHERE status = 'building'`,
  );
  for (const { name, version } of building) {
    const projection = allProjections.find((p) => p.name === name);
    for (const t of projection?.tables ?? [])
      await db.query(`DROP TABLE IF EXISTS ${t.name}_v${Number(version)}`);
    await db.query('DELETE FROM projection_checkpoints WHERE name = $1 AND version = $2', [name, version]);
  }
  await db.query(`
    UPDATE projection_checkpoints
       SET transaction_id = 3, global_position = (SELECT coalesce(max(global_position), 0) FROM events)
     WHERE status = 'live'`);
  await db.query(`DELETE FROM projection_parked_events`);
  await db.query('COMMIT');
} finally {
  await db.end();
}

execFileSync('tar', ['-C', filesDir, '-xzf', path.join(source, FILES_ARCHIVE)], { stdio: 'inherit' });
const restored = await checksumsOfFolder(filesDir);
const expected = manifest.files.entries;
const damaged = Object.keys(expected).filter((name) => restored[name] !== expected[name]);
if (damaged.length) throw new Error(`Files missing or changed after unpacking: ${damaged.join(', ')}`);

const projector = path.join(root, 'apps/projector/dist/main.js');
if (!existsSync(projector)) throw new Error(`${projector} is missing: build the projector first`);
for (const { name } of allProjections) {
  execFileSync(process.execPath, [projector, 'rebuild', name], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
console.log(
  `✔ restored ${source}: the database, ${Object.keys(expected).length} files (checksums intact), ` +
    `projections rebuilt (${allProjections.map((p) => p.name).join(', ')})`,
);
