import { Module } from '@nestjs/common';
import { apkCommands, type ApkPorts } from '@kb/aggregates';
import type { ApkRolloutEvent } from '@kb/domain';
import { apkProjection } from '@kb/read-models';
import { aggregateController } from '../../common/aggregate-kit/aggregate-controller.js';
import { aggregateProviders } from '../../common/aggregate-kit/aggregate-providers.js';
import { ApkQueriesController } from './apk-queries.controller.js';
import { ApkReferences } from './apk-references.js';
import { ApkFleet } from './apk-fleet.js';
import { ApkRolloutWatch } from './apk-rollout-watch.js';
import { PausedRolloutsHandler } from './queries/paused-rollouts/paused-rollouts.handler.js';
import { RolloutCompatibilityHandler } from './queries/rollout-compatibility/rollout-compatibility.handler.js';
import { RolloutDetailHandler } from './queries/rollout-detail/rollout-detail.handler.js';
import { ApkDetailHandler } from './queries/apk-detail/apk-detail.handler.js';
import { ApkHistoryHandler } from './queries/apk-history/apk-history.handler.js';
import { LastSubmitVersionHandler } from './queries/last-submit-version/last-submit-version.handler.js';
import { ListApksHandler } from './queries/list-apks/list-apks.handler.js';
import { SearchApksHandler } from './queries/search-apks/search-apks.handler.js';
import { APK_DOMAIN_MESSAGES, APK_DOMAIN_WORDS } from './apk-domain.messages.js';
import { APK_API_MESSAGES } from './apk-api.messages.js';
import { registerMessages, registerWords } from '../../common/messages.js';
import { LiveAnnouncer } from '../live-events/live-announcer.js';
import { LiveEventsModule } from '../live-events/live-events.module.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(APK_DOMAIN_MESSAGES);
registerWords(APK_DOMAIN_WORDS);
registerMessages(APK_API_MESSAGES);

/** The events that change what a rollout's panel and home's paused rollouts show. */
const ROLLOUT_STEPS: Record<ApkRolloutEvent['type'], true> = {
  ApkRolloutStarted: true,
  ApkRolloutStageStarted: true,
  ApkRolloutPaused: true,
  ApkRolloutResumed: true,
  ApkRolloutRolledBack: true,
  ApkRolloutCompleted: true,
};
const ROLLOUT_EVENT_TYPES = new Set<string>(Object.keys(ROLLOUT_STEPS));

/**
 * Event-sourced sub-brand APK packages: commands on `apk-<id>` streams, queries on the APK read models, and the
 * staged release's fault watch (a periodic job, ApkRolloutWatch).
 */
@Module({
  imports: [LiveEventsModule],
  providers: [
    ...aggregateProviders(apkCommands, {
      path: {
        inject: [LiveAnnouncer],
        options: (live: LiveAnnouncer) => ({
          // The APK detail's rollout panel and home's paused rollouts follow a rollout's steps as they happen.
          appended: (actor, id, events, { position }) => {
            if (events.some((e) => ROLLOUT_EVENT_TYPES.has(e.type)))
              live.announceWhenProjected(
                { brand: actor.brand, topic: 'rollout', id },
                apkProjection.name,
                position,
              );
          },
        }),
      },
      ports: {
        inject: [ApkReferences, ApkFleet],
        build: (references: ApkReferences, fleet: ApkFleet): ApkPorts => ({
          references,
          rollbackVersion: async (brand, id, needs) => {
            const found = await fleet.package(brand, id);
            return found ? fleet.currentVersion(brand, found, needs) : null;
          },
        }),
      },
    }),
    ApkReferences,
    ListApksHandler,
    SearchApksHandler,
    ApkDetailHandler,
    LastSubmitVersionHandler,
    ApkHistoryHandler,
    ApkFleet,
    ApkRolloutWatch,
    RolloutDetailHandler,
    RolloutCompatibilityHandler,
    PausedRolloutsHandler,
  ],
  controllers: [aggregateController(apkCommands), ApkQueriesController],
})
export class ApkPackagesModule {}
