import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../../common/event-sourcing/aggregate-streams.js';
import type { OfflinePackBatchOutcome } from '../../offline-pack-command-runner.js';

/** Deletes packs (only those on no device); each succeeds or fails on its own. */
export class DeleteOfflinePacksCommand extends Command<OfflinePackBatchOutcome> {
  constructor(
    readonly actor: Actor,
    readonly ids: string[],
  ) {
    super();
  }
}
