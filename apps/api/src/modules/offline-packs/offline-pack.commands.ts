import { randomUUID } from 'node:crypto';
import {
  offlinePackBuildSchema,
  offlinePackCommandAnswerSchema,
  offlinePackContentSchema,
  offlinePackIdBodySchema,
  offlinePackIdsSchema,
  offlinePackReleaseStatusSchema,
  offlinePackTestStatusSchema,
  offlinePackUpdateRefSchema,
} from '@kb/contracts';
import { offlinePackAggregate, type OfflinePackAnswer } from '@kb/aggregates';
import type { OfflinePackCommand, OfflinePackEvent, OfflinePackState } from '@kb/domain';
import { commandsOf, type AggregateCommands } from '../../common/aggregate-kit/aggregate-commands.js';
import { OfflinePackBuilds } from './offline-pack-builds.js';
import { OfflinePackReferences } from './offline-pack-references.js';

const pack = commandsOf(offlinePackAggregate);

/**
 * The offline recipe pack commands of §7 (`/api/offlineRecipes/*`). Single-pack refusals are 4xx (409 names the pack
 * and where it is); batch delete answers each pack's outcome. Publishing (test or online) checks the recipes again —
 * they may have been recalled since the pack was saved — and needs a file built from the content as it is now.
 */
export const offlinePackCommands: AggregateCommands<
  OfflinePackCommand,
  OfflinePackEvent,
  OfflinePackState,
  OfflinePackAnswer
> = {
  aggregate: offlinePackAggregate,
  route: 'offlineRecipes',
  tag: 'offline-packs',
  batchMessages: { done: 'offline_pack_batch_done', partial: 'offline_pack_batch_partial' },
  answerSchema: offlinePackCommandAnswerSchema,
  commands: [
    pack.command({
      route: 'add',
      permission: 'offlinePack.edit',
      summary:
        'Create a pack: number, type, factory model, customer model (sub-brand) and released recipes compatible with the model',
      input: offlinePackContentSchema,
      answer: 'one',
      message: 'saved',
      run: (content, { actor, run, use }) => {
        const packId = randomUUID();
        return run(packId, () => [{ type: 'CreateOfflinePack', packId, content }], {
          validate: () => use(OfflinePackReferences).check(actor.brand, packId, content, actor.lang),
        });
      },
    }),
    pack.command({
      route: 'update',
      permission: 'offlinePack.edit',
      summary: 'Save a pack that is not online over the revision the form loaded (409 if it changed)',
      input: [offlinePackUpdateRefSchema, offlinePackContentSchema],
      answer: 'one',
      message: 'saved',
      run: ([{ id, revision }, content], { actor, run, use }) =>
        run(id, () => [{ type: 'ReviseOfflinePack', content }], {
          expectedRevision: revision,
          validate: () => use(OfflinePackReferences).check(actor.brand, id, content, actor.lang),
        }),
    }),
    pack.command({
      route: 'updateTestStatus',
      permission: 'offlinePack.test',
      summary: 'Publish a pack to the brand’s test devices (testing=true) or cancel the test',
      input: offlinePackTestStatusSchema,
      answer: 'one',
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
    }),
    pack.command({
      route: 'updateReleaseStatus',
      permission: 'offlinePack.online',
      summary:
        'Publish a pack online to every device of its model (online=true; never tested: with overrideReason) or cancel online',
      input: offlinePackReleaseStatusSchema,
      answer: 'one',
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
    }),
    pack.command({
      route: 'build',
      permission: 'offlinePack.build',
      summary:
        'Build the pack file (zip: manifest, each recipe in every language, media, SHA-256) as a device-ingest job; poll buildStatus for progress',
      input: offlinePackIdBodySchema,
      answer: 'data',
      message: 'offline_pack_build_started',
      output: offlinePackBuildSchema,
      refusals: [503],
      run: ({ id }, { actor, use }) => use(OfflinePackBuilds).request(actor, id),
    }),
    pack.command({
      route: 'delete',
      permission: 'offlinePack.edit',
      summary: 'Delete a pack on no device (not in test, not online); history stays',
      input: offlinePackIdBodySchema,
      answer: 'one',
      run: ({ id }, { runOneOfMany }) =>
        runOneOfMany(id, () => [{ type: 'DeleteOfflinePack', at: new Date().toISOString() }]),
    }),
    pack.each({
      route: 'batchDelete',
      permission: 'offlinePack.edit',
      summary: 'Delete packs; per-pack outcome',
      input: offlinePackIdsSchema,
      commands: () => [{ type: 'DeleteOfflinePack', at: new Date().toISOString() }],
    }),
  ],
};
