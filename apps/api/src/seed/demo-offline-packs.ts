import type pg from 'pg';
import { offlinePackContentSchema, type OfflinePackContentInput } from '@kb/contracts';
import type { EventStore } from '@kb/event-store';
import { AggregateStreams, commandPath, offlinePackAggregate, type Actor } from '@kb/aggregates';
import { OfflinePackNumbers } from '../modules/offline-packs/offline-pack-numbers.js';

/** DEMO's released demo recipes (apps/api/src/modules/recipes/seed/demo-recipes.ts): R-1001 (TM-6) and R-1002 (AF-5). */
const R_1001 = '5e0c1a2b-0001-4d10-8a00-00000000d001';
const R_1002 = '5e0c1a2b-0002-4d10-8a00-00000000d002';

/** DEMO's offline packs: one per sub-brand model, not built yet (the file is built from the list). */
const DEMO_PACKS: { id: string; content: OfflinePackContentInput }[] = [
  {
    id: '0ff11e00-0000-4000-8000-000000000001',
    content: {
      number: 'OP-1001',
      type: 'initial',
      productCode: 'TM-6',
      subBrandCode: 'DEMO-CHEF',
      recipeIds: [R_1001],
    },
  },
  {
    id: '0ff11e00-0000-4000-8000-000000000002',
    content: {
      number: 'OP-1002',
      type: 'initial',
      productCode: 'AF-5',
      subBrandCode: 'DEMO-AIR',
      recipeIds: [R_1002],
    },
  },
];

/**
 * Seeds DEMO's offline packs through the pack command path (decider, number claim, append), once: a pack whose
 * stream exists is left as it is. The API's checks against the recipe read model are skipped — the projector has
 * not run yet when the seed does — so the packs name the demo recipes by their fixed ids.
 */
export async function seedDemoOfflinePacks(pool: pg.Pool, store: EventStore): Promise<void> {
  const streams = new AggregateStreams(store, offlinePackAggregate.storage);
  const path = commandPath(offlinePackAggregate, streams, { numbers: new OfflinePackNumbers(pool, streams) });
  const actor: Actor = {
    brand: 'DEMO',
    account: 'demo',
    role: 'admin',
    correlationId: 'seed-demo-offline-packs',
    lang: 'zh',
  };
  for (const pack of DEMO_PACKS) {
    if ((await streams.load(actor.brand, pack.id)).revision >= 0) continue;
    const content = offlinePackContentSchema.parse(pack.content);
    await path.run(actor, pack.id, () => [{ type: 'CreateOfflinePack', packId: pack.id, content }]);
  }
}
