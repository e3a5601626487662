import { Command } from '@nestjs/cqrs';
import type { ApkBatchOutcome } from '../../apk-command-runner.js';
import type { ApkActor } from '../../apk-streams.js';

/** Deletes packages (not while pending review, in test or online); each succeeds or fails on its own. */
export class DeleteApksCommand extends Command<ApkBatchOutcome> {
  constructor(
    readonly actor: ApkActor,
    readonly ids: string[],
  ) {
    super();
  }
}
