import { Command } from '@nestjs/cqrs';
import type { OfflinePackBuild } from '@kb/contracts';
import type { Actor } from '../../../../common/event-sourcing/aggregate-streams.js';

/** Builds the pack's downloadable file from its content as the stream has it now (a job on device-ingest). */
export class BuildOfflinePackCommand extends Command<OfflinePackBuild> {
  constructor(
    readonly actor: Actor,
    readonly packId: string,
  ) {
    super();
  }
}
