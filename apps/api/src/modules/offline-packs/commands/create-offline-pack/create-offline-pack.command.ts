import { randomUUID } from 'node:crypto';
import { Command } from '@nestjs/cqrs';
import type { OfflinePackContent } from '@kb/contracts';
import type { Actor } from '../../../../common/event-sourcing/aggregate-streams.js';
import type { OfflinePackChange } from '../../offline-pack-command-runner.js';

/** Creates a pack from the form's content (complete per §5, recipes released and compatible). */
export class CreateOfflinePackCommand extends Command<OfflinePackChange> {
  constructor(
    readonly actor: Actor,
    readonly content: OfflinePackContent,
    readonly packId: string = randomUUID(),
  ) {
    super();
  }
}
