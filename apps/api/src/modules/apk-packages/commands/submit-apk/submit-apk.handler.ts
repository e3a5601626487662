import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApkCommandRunner } from '../../apk-command-runner.js';
import { SubmitApkCommand } from './submit-apk.command.js';

@CommandHandler(SubmitApkCommand)
export class SubmitApkHandler implements ICommandHandler<SubmitApkCommand> {
  constructor(private readonly runner: ApkCommandRunner) {}

  execute({ actor, apkId, revision }: SubmitApkCommand) {
    return this.runner.run(
      actor,
      apkId,
      () => [{ type: 'SubmitApkForReview', by: actor.account, at: new Date().toISOString() }],
      { expectedRevision: revision },
    );
  }
}
