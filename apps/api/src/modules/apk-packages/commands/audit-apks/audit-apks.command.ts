import { Command } from '@nestjs/cqrs';
import type { ApkBatchOutcome } from '../../apk-command-runner.js';
import type { ApkActor } from '../../apk-streams.js';

/**
 * Audits packages pending review: pass each, or return each with `reason`. Who may audit is the `apk.audit`
 * permission of the route; nobody audits their own submission (the decider's rule); each package succeeds or
 * fails on its own.
 */
export class AuditApksCommand extends Command<ApkBatchOutcome> {
  constructor(
    readonly actor: ApkActor,
    readonly ids: string[],
    readonly pass: boolean,
    readonly reason: string = '',
  ) {
    super();
  }
}
