import { openEventStore, postgresEventStoreMigrations } from '@kb/event-store';
import { createPool, jobRunsMigrations, migrate, type Migration } from '@kb/platform';
import { migrateReadModels } from '@kb/read-models';
import { appActivityMigrations, deviceMigrations, payingUserMigrations } from '@kb/devices';
import { eventStoreOf, type AppConfig } from './config.js';
import { apiMigrations } from './migrations.js';
import { catalogMigrations } from './modules/catalog/catalog.migrations.js';
import { auditMigrations } from './modules/audit/audit.migrations.js';
import { contentMigrations } from './modules/content/content.migrations.js';
import { devicesApiMigrations } from './modules/devices/devices.migrations.js';
import { recipeEvaluationsMigrations } from './modules/recipe-evaluations/recipe-evaluations.migrations.js';
import { noticesMigrations } from './modules/notices/notices.migrations.js';
import { noticesPushFailedMigrations } from './modules/notices/notices-push-failed.migrations.js';
import { offlinePacksMigrations } from './modules/offline-packs/offline-packs.migrations.js';
import { recipesMigrations } from './modules/recipes/recipes.migrations.js';
import { recipeTranslateMigrations } from './modules/recipes/translate.migrations.js';
import { staffMigrations } from './modules/staff/staff.migrations.js';
import { listSortMigrations } from './common/list-sort.migrations.js';
import { savedViewsMigrations } from './modules/saved-views/saved-views.migrations.js';
import { liveEventsMigrations } from './modules/live-events/live-events.migrations.js';
import { seedDemoRecipes } from './modules/recipes/seed/demo-recipes.js';
import { seedDemoApks } from './seed/demo-apk.js';
import { seedDemoAppActivity } from './seed/demo-app-activity.js';
import { seedDemoData, seedReferenceData } from './seed/seed.js';

/** Every schema the API needs, in order. */
export function allMigrations(): Migration[] {
  return [
    ...postgresEventStoreMigrations,
    ...apiMigrations,
    ...jobRunsMigrations,
    ...catalogMigrations,
    ...recipesMigrations,
    ...recipeEvaluationsMigrations,
    ...offlinePacksMigrations,
    ...deviceMigrations,
    ...devicesApiMigrations,
    ...contentMigrations,
    ...noticesMigrations,
    ...appActivityMigrations,
    ...auditMigrations,
    ...noticesPushFailedMigrations,
    ...payingUserMigrations,
    ...recipeTranslateMigrations,
    ...staffMigrations,
    ...listSortMigrations,
    ...savedViewsMigrations,
    ...liveEventsMigrations,
  ];
}

/**
 * Migrates, seeds reference data and (when asked) the demo brands. Safe to run on every start. Refuses (throws
 * `EventStoreConfigError`) when the configured event store cannot be reached, before touching the database.
 */
export async function prepareDatabase(config: AppConfig): Promise<void> {
  const pool = createPool(config.DATABASE_URL, { max: 2, applicationName: 'kitchen-api-migrate' });
  const store = await openEventStore(eventStoreOf(config), pool, { notify: false }).catch(async (error) => {
    await pool.end();
    throw error;
  });
  try {
    await migrate(pool, allMigrations());
    // Read-model tables exist (empty) before the projector first runs, so screens can query them at once.
    await migrateReadModels(pool);
    await seedReferenceData(pool);
    if (config.SEED_DEMO === 'true') {
      await seedDemoData(pool, store);
      await seedDemoRecipes(pool, store, config);
      await seedDemoApks(pool, store, config);
      await seedDemoAppActivity(pool);
    }
  } finally {
    await store.close();
    await pool.end();
  }
}
