// `npm run backup [-- <folder>]`: a consistent copy of the back-office's state in one folder:
//   database.dump  pg_dump (custom format) of the whole database: the event store, the non-event tables (staff,
//                  devices, app users, telemetry, files' records, jobs, …) and the read models
//   files.tar.gz   the files folder (FILES_DIR): uploads, APKs, exports, packs
//   manifest.json  the sha256 of both archives and of every file in the files folder
// Reads DATABASE_URL and FILES_DIR like the apps. Redis is not backed up: it holds queues and counters only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as archive from './backup/archive.mjs';

const target = path.resolve(
  process.argv[2] ?? path.join(archive.root, 'backups', new Date().toISOString().replace(/[:.]/g, '-')),
);

mkdirSync(target, { recursive: true });
if (readdirSync(target).length) throw new Error(`${target} is not empty: a backup goes into a new folder`);
mkdirSync(archive.filesDir, { recursive: true });

// One snapshot of the whole database (pg_dump reads in a single repeatable-read transaction), so the event store
// and the tables beside it agree with each other.
execFileSync(
  archive.pgTool('pg_dump'),
  [
    '--format=custom',
    '--no-owner',
    `--file=${path.join(target, archive.DATABASE_DUMP)}`,
    archive.databaseUrl,
  ],
  {
    stdio: 'inherit',
  },
);
// The files' checksums are taken before the archive: a file written meanwhile is in neither or only in the archive,
// and the restore checks exactly the ones listed.
const files = await archive.checksumsOfFolder(archive.filesDir);
execFileSync(
  'tar',
  ['-C', archive.filesDir, '-czf', path.join(target, archive.FILES_ARCHIVE), '--null', '-T', '-'],
  {
    input: Object.keys(files).join('\0'),
    stdio: ['pipe', 'inherit', 'inherit'],
  },
);
const manifest = {
  createdAt: new Date().toISOString(),
  database: {
    file: archive.DATABASE_DUMP,
    sha256: await archive.sha256OfFile(path.join(target, archive.DATABASE_DUMP)),
  },
  files: {
    file: archive.FILES_ARCHIVE,
    sha256: await archive.sha256OfFile(path.join(target, archive.FILES_ARCHIVE)),
    entries: files,
  },
};
writeFileSync(path.join(target, archive.MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
console.log(`✔ backup in ${target}: the database and ${Object.keys(files).length} files`);
