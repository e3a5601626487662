import { Command } from '@nestjs/cqrs';
import type { OfflinePackContent } from '@kb/contracts';
import type { Actor } from '../../../../common/event-sourcing/aggregate-streams.js';
import type { OfflinePackChange } from '../../offline-pack-command-runner.js';

/** Saves the form's content over the revision it loaded (not while the pack is online). */
export class ReviseOfflinePackCommand extends Command<OfflinePackChange> {
  constructor(
    readonly actor: Actor,
    readonly packId: string,
    readonly revision: number,
    readonly content: OfflinePackContent,
  ) {
    super();
  }
}
