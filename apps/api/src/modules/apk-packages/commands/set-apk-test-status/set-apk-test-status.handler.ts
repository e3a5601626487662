import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApkCommandRunner } from '../../apk-command-runner.js';
import { SetApkTestStatusCommand } from './set-apk-test-status.command.js';

@CommandHandler(SetApkTestStatusCommand)
export class SetApkTestStatusHandler implements ICommandHandler<SetApkTestStatusCommand> {
  constructor(private readonly runner: ApkCommandRunner) {}

  execute({ actor, apkId, testing }: SetApkTestStatusCommand) {
    const at = new Date().toISOString();
    return this.runner.run(actor, apkId, () => [
      testing ? { type: 'PublishApkTest', at } : { type: 'CancelApkTest', at },
    ]);
  }
}
