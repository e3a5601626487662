import { Command } from '@nestjs/cqrs';
import type { ApkChange } from '../../apk-command-runner.js';
import type { ApkActor } from '../../apk-streams.js';

/** Publishes a created package to the brand's test devices (`testing`), or takes it off them. */
export class SetApkTestStatusCommand extends Command<ApkChange> {
  constructor(
    readonly actor: ApkActor,
    readonly apkId: string,
    readonly testing: boolean,
  ) {
    super();
  }
}
