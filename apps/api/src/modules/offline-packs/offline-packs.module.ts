import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { createPool } from '@kb/platform';
import { APP_CONFIG, requestTimeouts, type AppConfig } from '../../config.js';
import { BuildOfflinePackHandler } from './commands/build-offline-pack/build-offline-pack.handler.js';
import { CreateOfflinePackHandler } from './commands/create-offline-pack/create-offline-pack.handler.js';
import { DeleteOfflinePacksHandler } from './commands/delete-offline-packs/delete-offline-packs.handler.js';
import { ReviseOfflinePackHandler } from './commands/revise-offline-pack/revise-offline-pack.handler.js';
import { SetOfflinePackReleaseStatusHandler } from './commands/set-offline-pack-release-status/set-offline-pack-release-status.handler.js';
import { SetOfflinePackTestStatusHandler } from './commands/set-offline-pack-test-status/set-offline-pack-test-status.handler.js';
import { OfflinePackBuilds } from './offline-pack-builds.js';
import { OfflinePackCommandRunner } from './offline-pack-command-runner.js';
import { OfflinePackCommandsController } from './offline-pack-commands.controller.js';
import { OfflinePackQueriesController } from './offline-pack-queries.controller.js';
import { OFFLINE_PACK_NUMBERS_POOL, OfflinePackNumbers } from './offline-pack-numbers.js';
import { OfflinePackReferences } from './offline-pack-references.js';
import { OfflinePackStreams } from './offline-pack-streams.js';
import { ListOfflinePacksHandler } from './queries/list-offline-packs/list-offline-packs.handler.js';
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

/** Event-sourced offline recipe packs (issue 6): commands on `offline-pack-<id>` streams, queries on their read models. */
@Module({
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
    OfflinePackStreams,
    OfflinePackNumbers,
    OfflinePackBuilds,
    OfflinePackReferences,
    OfflinePackCommandRunner,
    CreateOfflinePackHandler,
    ReviseOfflinePackHandler,
    SetOfflinePackTestStatusHandler,
    SetOfflinePackReleaseStatusHandler,
    DeleteOfflinePacksHandler,
    BuildOfflinePackHandler,
    ListOfflinePacksHandler,
    SearchOfflinePacksHandler,
    OfflinePackDetailHandler,
    OfflinePackHistoryHandler,
    OfflinePackBuildHandler,
  ],
  controllers: [OfflinePackCommandsController, OfflinePackQueriesController],
})
export class OfflinePacksModule implements OnApplicationShutdown {
  constructor(@Inject(OFFLINE_PACK_NUMBERS_POOL) private readonly numbersPool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.numbersPool.end();
  }
}
