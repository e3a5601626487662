import { Command } from '@nestjs/cqrs';
import type { ApkChange } from '../../apk-command-runner.js';
import type { ApkActor } from '../../apk-streams.js';

/** Publishes a created package online to every device of the brand (`online`), or cancels that. */
export class SetApkReleaseStatusCommand extends Command<ApkChange> {
  constructor(
    readonly actor: ApkActor,
    readonly apkId: string,
    readonly online: boolean,
  ) {
    super();
  }
}
