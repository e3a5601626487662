import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { createPool } from '@kb/platform';
import { APP_CONFIG, requestTimeouts, type AppConfig } from '../../config.js';
import { offlinePackCommands, type OfflinePackPorts } from '@kb/aggregates';
import { aggregateController } from '../../common/aggregate-kit/aggregate-controller.js';
import { aggregateProviders } from '../../common/aggregate-kit/aggregate-providers.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { OfflinePackBuilds } from './offline-pack-builds.js';
import { OfflinePackQueriesController } from './offline-pack-queries.controller.js';
import { OFFLINE_PACK_NUMBERS_POOL, OfflinePackNumbers } from './offline-pack-numbers.js';
import { OfflinePackReferences } from './offline-pack-references.js';
import { ListOfflinePacksHandler } from './queries/list-offline-packs/list-offline-packs.handler.js';
import { OfflinePackCompatibilityHandler } from './queries/offline-pack-compatibility/offline-pack-compatibility.handler.js';
import { OfflinePackBuildHandler } from './queries/offline-pack-build/offline-pack-build.handler.js';
import { OfflinePackDetailHandler } from './queries/offline-pack-detail/offline-pack-detail.handler.js';
import { OfflinePackHistoryHandler } from './queries/offline-pack-history/offline-pack-history.handler.js';
import { SearchOfflinePacksHandler } from './queries/search-offline-packs/search-offline-packs.handler.js';
import { OFFLINE_PACK_DOMAIN_MESSAGES, OFFLINE_PACK_DOMAIN_WORDS } from './offline-pack-domain.messages.js';
import { OFFLINE_PACK_API_MESSAGES } from './offline-pack-api.messages.js';
import { registerMessages, registerWords } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(OFFLINE_PACK_DOMAIN_MESSAGES);
registerWords(OFFLINE_PACK_DOMAIN_WORDS);
registerMessages(OFFLINE_PACK_API_MESSAGES);

/** Event-sourced offline recipe packs: commands on `offline-pack-<id>` streams, queries on their read models. */
@Module({
  imports: [JobsModule],
  providers: [
    {
      provide: OFFLINE_PACK_NUMBERS_POOL,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        createPool(config.DATABASE_URL, {
          max: 4,
          applicationName: 'kitchen-api-offline-pack-numbers',
          ...requestTimeouts(config),
        }),
    },
    ...aggregateProviders(offlinePackCommands, {
      path: { inject: [OfflinePackNumbers], options: (numbers: OfflinePackNumbers) => ({ numbers }) },
      ports: {
        inject: [OfflinePackReferences, OfflinePackBuilds],
        build: (references: OfflinePackReferences, builds: OfflinePackBuilds): OfflinePackPorts => ({
          references,
          builds,
        }),
      },
    }),
    OfflinePackNumbers,
    OfflinePackBuilds,
    OfflinePackReferences,
    ListOfflinePacksHandler,
    SearchOfflinePacksHandler,
    OfflinePackDetailHandler,
    OfflinePackHistoryHandler,
    OfflinePackCompatibilityHandler,
    OfflinePackBuildHandler,
  ],
  controllers: [aggregateController(offlinePackCommands), OfflinePackQueriesController],
})
export class OfflinePacksModule implements OnApplicationShutdown {
  constructor(@Inject(OFFLINE_PACK_NUMBERS_POOL) private readonly numbersPool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.numbersPool.end();
  }
}
