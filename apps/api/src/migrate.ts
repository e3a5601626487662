import { prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';

// The one-shot migration step of a deployment: every schema (event store, API tables, read-model tables), the
// reference data, and the demo brands only when SEED_DEMO=true. The API then starts with MIGRATE_ON_START=false.
try {
  await prepareDatabase(loadConfig());
  console.log(JSON.stringify({ level: 30, service: 'migrate', msg: 'database migrated' }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
