import { migrate, type Pool } from '@kb/platform/db';
import { readModelMigrations } from './framework/migrations.js';
import { checkRegistry, type Projection } from './framework/projection.js';
import { ensureLiveVersions } from './framework/versions.js';
import { apkProjection } from './apk/apk.projection.js';
import { offlinePacksProjection } from './offline-packs/offline-packs.projection.js';
import { recipesProjection } from './recipes/recipes.projection.js';
import { streamSummaryProjection } from './stream-summary/stream-summary.projection.js';

/** Every projection of the system; the projector runs them, the API migrates their tables. */
export const allProjections: readonly Projection[] = [
  streamSummaryProjection,
  recipesProjection,
  apkProjection,
  offlinePacksProjection,
];
checkRegistry(allProjections);

/**
 * Creates the framework table and, for each projection without one, an empty live version with its views, so the
 * API can query the read models before the projector has ever run. Idempotent; safe from several processes.
 */
export async function migrateReadModels(
  pool: Pool,
  projections: readonly Projection[] = allProjections,
): Promise<string[]> {
  const applied = await migrate(pool, readModelMigrations);
  await ensureLiveVersions(pool, projections);
  return applied;
}
