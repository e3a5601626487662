// `npm run backup [-- <folder>]`: a consistent copy of the back-office's state in one folder:
//   database.dump  pg_dump (custom format) of the whole database: the event store, the non-event tables (staff,
//                  devices, app users, telemetry, files' records, jobs, …) and the read models
//   files.tar.gz   the files folder (FILES_DIR): uploads, APKs, exports, packs
//   manifest.json  the sha256 of both archives and of every file in the files folder
// Reads DATABASE_URL and FILES_DIR like the apps. Redis is not backed up: it holds queues and counters only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

const target = path.resolve(
  process.argv[2] ?? path.join(root, 'backups', new Date().toISOString().replace(/[:.]/g, '-')),
);

mkdirSync(target, { recursive: true });
if (readdirSync(target).length) throw new Error(`${target} is not empty: a backup goes into a new folder`);
mkdirSync(filesDir, { recursive: true });

// One snapshot of the whole database (pg_dump reads in a single repeatable-read transaction), so the event store
// and the tables beside it agree with each other.
execFileSync(
  pgTool('pg_dump'),
  ['--format=custom', '--no-owner', `--file=${path.join(target, DATABASE_DUMP)}`, databaseUrl],
  {
    stdio: 'inherit',
  },
);
// The files' checksums are taken before the archive: a file written meanwhile is in neither or only in the archive,
// and the restore checks exactly the ones listed.
const files = await checksumsOfFolder(filesDir);
execFileSync('tar', ['-C', filesDir, '-czf', path.join(target, FILES_ARCHIVE), '--null', '-T', '-'], {
  input: Object.keys(files).join('\0'),
  stdio: ['pipe', 'inherit', 'inherit'],
});
const manifest = {
  createdAt: new Date().toISOString(),
  database: { file: DATABASE_DUMP, sha256: await sha256OfFile(path.join(target, DATABASE_DUMP)) },
  files: {
    file: FILES_ARCHIVE,
    sha256: await sha256OfFile(path.join(target, FILES_ARCHIVE)),
    entries: files,
  },
};
writeFileSync(path.join(target, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
console.log(`✔ backup in ${target}: the database and ${Object.keys(files).length} files`);
