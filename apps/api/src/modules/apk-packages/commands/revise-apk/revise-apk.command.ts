import { Command } from '@nestjs/cqrs';
import type { ApkContentDraft } from '@kb/contracts';
import type { ApkChange } from '../../apk-command-runner.js';
import type { ApkActor } from '../../apk-streams.js';

/** Saves the form's content over the revision it loaded (not submitted or returned packages only). */
export class ReviseApkCommand extends Command<ApkChange> {
  constructor(
    readonly actor: ApkActor,
    readonly apkId: string,
    readonly revision: number,
    readonly content: ApkContentDraft,
  ) {
    super();
  }
}
