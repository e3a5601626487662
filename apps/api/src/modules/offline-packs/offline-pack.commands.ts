import { randomUUID } from 'node:crypto';
import { offlinePackCommandRoutes } from '@kb/contracts';
import { offlinePackAggregate } from '@kb/aggregates';
import { aggregateCommands } from '../../common/aggregate-kit/aggregate-commands.js';
import { OfflinePackBuilds } from './offline-pack-builds.js';
import { OfflinePackReferences } from './offline-pack-references.js';

/**
 * The offline recipe pack commands of §7 (`/api/offlineRecipes/*`). Single-pack refusals are 4xx (409 names the pack
 * and where it is); batch delete answers each pack's outcome. Publishing (test or online) checks the recipes again —
 * they may have been recalled since the pack was saved — and needs a file built from the content as it is now.
 */
export const offlinePackCommands = aggregateCommands(offlinePackAggregate, offlinePackCommandRoutes, {
  batchMessages: { done: 'offline_pack_batch_done', partial: 'offline_pack_batch_partial' },
  commands: {
    add: {
      message: 'saved',
      run: (content, { actor, run, use }) => {
        const packId = randomUUID();
        return run(packId, () => [{ type: 'CreateOfflinePack', packId, content }], {
          validate: () => use(OfflinePackReferences).check(actor.brand, packId, content, actor.lang),
        });
      },
    },
    update: {
      message: 'saved',
      run: ([{ id, revision }, content], { actor, run, use }) =>
        run(id, () => [{ type: 'ReviseOfflinePack', content }], {
          expectedRevision: revision,
          validate: () => use(OfflinePackReferences).check(actor.brand, id, content, actor.lang),
        }),
    },
    updateTestStatus: {
      run: ({ id, testing }, { actor, run, use }) => {
        const at = new Date().toISOString();
        return run(
          id,
          () => [testing ? { type: 'PublishOfflinePackTest', at } : { type: 'CancelOfflinePackTest', at }],
          {
            validate: testing
              ? async (state) => {
                  await use(OfflinePackReferences).checkRecipes(actor.brand, state.content, actor.lang);
                  await use(OfflinePackBuilds).requireCurrent(actor.brand, id, state.content);
                }
              : undefined,
          },
        );
      },
    },
    updateReleaseStatus: {
      run: async ({ id, online, overrideReason }, { actor, run, use }) => {
        const at = new Date().toISOString();
        const builds = use(OfflinePackBuilds);
        let released: string | null = null;
        const change = await run(
          id,
          () => [
            online
              ? { type: 'PublishOfflinePackOnline', at, by: actor.account, overrideReason }
              : { type: 'CancelOfflinePackOnline', at },
          ],
          {
            validate: online
              ? async (state) => {
                  await use(OfflinePackReferences).checkRecipes(actor.brand, state.content, actor.lang);
                  released = await builds.requireCurrent(actor.brand, id, state.content);
                }
              : undefined,
          },
        );
        // Going online marks the build released: the baseline of the model's next incremental pack.
        if (released && change.changed) await builds.markReleased(released);
        return change;
      },
    },
    build: {
      message: 'offline_pack_build_started',
      run: ({ id }, { actor, use }) => use(OfflinePackBuilds).request(actor, id),
    },
    delete: {
      run: ({ id }, { runOneOfMany }) =>
        runOneOfMany(id, () => [{ type: 'DeleteOfflinePack', at: new Date().toISOString() }]),
    },
    batchDelete: {
      commands: () => [{ type: 'DeleteOfflinePack', at: new Date().toISOString() }],
    },
  },
});
