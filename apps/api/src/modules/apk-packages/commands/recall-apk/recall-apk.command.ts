import { Command } from '@nestjs/cqrs';
import type { ApkChange } from '../../apk-command-runner.js';
import type { ApkActor } from '../../apk-streams.js';

/** Takes a pending submission back (pending review → not submitted). */
export class RecallApkCommand extends Command<ApkChange> {
  constructor(
    readonly actor: ApkActor,
    readonly apkId: string,
  ) {
    super();
  }
}
