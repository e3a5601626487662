import { randomUUID } from 'node:crypto';
import { offlinePackCommandRoutes, type OfflinePackContent, type UiLang } from '@kb/contracts';
import type { Actor } from './streams.js';
import { aggregateCommands } from './command-kit.js';
import { offlinePackAggregate } from './offline-pack.js';

/** What the offline-pack commands need of the process that runs them, beyond the pack streams. */
export interface OfflinePackPorts {
  references: {
    /** What a pack names is the brand's own (sub-brand, model, recipes released and fitting it). */
    check(brand: string, packId: string, content: OfflinePackContent, lang: UiLang): Promise<void>;
    /** The pack's recipes are still released and fit it. */
    checkRecipes(brand: string, content: OfflinePackContent, lang: UiLang): Promise<void>;
  };
  builds: {
    /** Starts a build of the pack as it is now. */
    request(actor: Actor, packId: string): Promise<unknown>;
    /** The done build of the content as it is now (its id), or 409. */
    requireCurrent(brand: string, packId: string, content: OfflinePackContent): Promise<string>;
    /** Marks a build released: the baseline of the model's next incremental pack. */
    markReleased(buildId: string): Promise<void>;
  };
}

/**
 * The offline recipe pack commands of §7 (`/api/offlineRecipes/*`). Single-pack refusals are 4xx (409 names the pack
 * and where it is); batch delete answers each pack's outcome. Publishing (test or online) checks the recipes again —
 * they may have been recalled since the pack was saved — and needs a file built from the content as it is now.
 */
export const offlinePackCommands = aggregateCommands<OfflinePackPorts>()(
  offlinePackAggregate,
  offlinePackCommandRoutes,
  {
    batchMessages: { done: 'offline_pack_batch_done', partial: 'offline_pack_batch_partial' },
    commands: {
      add: {
        message: 'saved',
        run: (content, { actor, run, ports }) => {
          const packId = randomUUID();
          return run(packId, () => [{ type: 'CreateOfflinePack', packId, content }], {
            validate: () => ports.references.check(actor.brand, packId, content, actor.lang),
          });
        },
      },
      update: {
        message: 'saved',
        run: ([{ id, revision }, content], { actor, run, ports }) =>
          run(id, () => [{ type: 'ReviseOfflinePack', content }], {
            expectedRevision: revision,
            validate: () => ports.references.check(actor.brand, id, content, actor.lang),
          }),
      },
      updateTestStatus: {
        run: ({ id, testing }, { actor, run, ports }) => {
          const at = new Date().toISOString();
          return run(
            id,
            () => [testing ? { type: 'PublishOfflinePackTest', at } : { type: 'CancelOfflinePackTest', at }],
            {
              validate: testing
                ? async (state) => {
                    await ports.references.checkRecipes(actor.brand, state.content, actor.lang);
                    await ports.builds.requireCurrent(actor.brand, id, state.content);
                  }
                : undefined,
            },
          );
        },
      },
      updateReleaseStatus: {
        run: async ({ id, online, overrideReason }, { actor, run, ports }) => {
          const at = new Date().toISOString();
          const builds = ports.builds;
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
                    await ports.references.checkRecipes(actor.brand, state.content, actor.lang);
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
        run: ({ id }, { actor, ports }) => ports.builds.request(actor, id),
      },
      delete: {
        run: ({ id }, { runOneOfMany }) =>
          runOneOfMany(id, () => [{ type: 'DeleteOfflinePack', at: new Date().toISOString() }]),
      },
      batchDelete: {
        commands: () => [{ type: 'DeleteOfflinePack', at: new Date().toISOString() }],
      },
    },
  },
);
