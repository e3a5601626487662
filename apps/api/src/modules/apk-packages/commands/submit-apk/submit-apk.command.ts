import { Command } from '@nestjs/cqrs';
import type { ApkChange } from '../../apk-command-runner.js';
import type { ApkActor } from '../../apk-streams.js';

/** `commitApproval`: submits a saved package for review (complete per §5 only). */
export class SubmitApkCommand extends Command<ApkChange> {
  constructor(
    readonly actor: ApkActor,
    readonly apkId: string,
    readonly revision?: number,
  ) {
    super();
  }
}
