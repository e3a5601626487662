import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../../common/event-sourcing/aggregate-streams.js';
import type { OfflinePackChange } from '../../offline-pack-command-runner.js';

/** Publishes a pack online to every device of its model under the brand (`online`), or cancels that. */
export class SetOfflinePackReleaseStatusCommand extends Command<OfflinePackChange> {
  constructor(
    readonly actor: Actor,
    readonly packId: string,
    readonly online: boolean,
  ) {
    super();
  }
}
