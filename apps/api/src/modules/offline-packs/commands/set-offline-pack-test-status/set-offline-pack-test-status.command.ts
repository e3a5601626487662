import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../../common/event-sourcing/aggregate-streams.js';
import type { OfflinePackChange } from '../../offline-pack-command-runner.js';

/** Publishes a pack to the brand's test devices (`testing`), or takes it off them. */
export class SetOfflinePackTestStatusCommand extends Command<OfflinePackChange> {
  constructor(
    readonly actor: Actor,
    readonly packId: string,
    readonly testing: boolean,
  ) {
    super();
  }
}
