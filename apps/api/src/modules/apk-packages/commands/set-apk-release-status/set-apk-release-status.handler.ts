import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApkCommandRunner } from '../../apk-command-runner.js';
import { SetApkReleaseStatusCommand } from './set-apk-release-status.command.js';

@CommandHandler(SetApkReleaseStatusCommand)
export class SetApkReleaseStatusHandler implements ICommandHandler<SetApkReleaseStatusCommand> {
  constructor(private readonly runner: ApkCommandRunner) {}

  execute({ actor, apkId, online }: SetApkReleaseStatusCommand) {
    const at = new Date().toISOString();
    return this.runner.run(actor, apkId, () => [
      online ? { type: 'PublishApkOnline', at } : { type: 'CancelApkOnline', at },
    ]);
  }
}
