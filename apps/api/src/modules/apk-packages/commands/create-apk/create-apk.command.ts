import { randomUUID } from 'node:crypto';
import { Command } from '@nestjs/cqrs';
import type { ApkContentDraft } from '@kb/contracts';
import type { ApkChange } from '../../apk-command-runner.js';
import type { ApkActor } from '../../apk-streams.js';

/** Creates a package (not submitted) from the form's content; with `submit`, `addAndApproval`: created and submitted in one append. */
export class CreateApkCommand extends Command<ApkChange> {
  constructor(
    readonly actor: ApkActor,
    readonly content: ApkContentDraft,
    readonly submit: boolean,
    readonly apkId: string = randomUUID(),
  ) {
    super();
  }
}
