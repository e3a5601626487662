import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApkCommand } from '@kb/domain';
import { ApkCommandRunner } from '../../apk-command-runner.js';
import { AuditApksCommand } from './audit-apks.command.js';

@CommandHandler(AuditApksCommand)
export class AuditApksHandler implements ICommandHandler<AuditApksCommand> {
  constructor(private readonly runner: ApkCommandRunner) {}

  execute({ actor, ids, pass, reason }: AuditApksCommand) {
    const { account: by } = actor;
    return this.runner.runMany(actor, ids, (): ApkCommand[] => {
      const at = new Date().toISOString();
      return [pass ? { type: 'PassApkAudit', by, at } : { type: 'ReturnApk', by, reason, at }];
    });
  }
}
