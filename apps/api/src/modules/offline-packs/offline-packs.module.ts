import { Module } from '@nestjs/common';
import { CreateOfflinePackHandler } from './commands/create-offline-pack/create-offline-pack.handler.js';
import { DeleteOfflinePacksHandler } from './commands/delete-offline-packs/delete-offline-packs.handler.js';
import { ReviseOfflinePackHandler } from './commands/revise-offline-pack/revise-offline-pack.handler.js';
import { SetOfflinePackReleaseStatusHandler } from './commands/set-offline-pack-release-status/set-offline-pack-release-status.handler.js';
import { SetOfflinePackTestStatusHandler } from './commands/set-offline-pack-test-status/set-offline-pack-test-status.handler.js';
import { OfflinePackCommandRunner } from './offline-pack-command-runner.js';
import { OfflinePackCommandsController } from './offline-pack-commands.controller.js';
import { OfflinePackQueriesController } from './offline-pack-queries.controller.js';
import { OfflinePackReferences } from './offline-pack-references.js';
import { OfflinePackStreams } from './offline-pack-streams.js';
import { ListOfflinePacksHandler } from './queries/list-offline-packs/list-offline-packs.handler.js';
import { OfflinePackDetailHandler } from './queries/offline-pack-detail/offline-pack-detail.handler.js';
import { OfflinePackHistoryHandler } from './queries/offline-pack-history/offline-pack-history.handler.js';
import { SearchOfflinePacksHandler } from './queries/search-offline-packs/search-offline-packs.handler.js';

/** Event-sourced offline recipe packs (issue 6): commands on `offline-pack-<id>` streams, queries on their read models. */
@Module({
  providers: [
    OfflinePackStreams,
    OfflinePackReferences,
    OfflinePackCommandRunner,
    CreateOfflinePackHandler,
    ReviseOfflinePackHandler,
    SetOfflinePackTestStatusHandler,
    SetOfflinePackReleaseStatusHandler,
    DeleteOfflinePacksHandler,
    ListOfflinePacksHandler,
    SearchOfflinePacksHandler,
    OfflinePackDetailHandler,
    OfflinePackHistoryHandler,
  ],
  controllers: [OfflinePackCommandsController, OfflinePackQueriesController],
})
export class OfflinePacksModule {}
