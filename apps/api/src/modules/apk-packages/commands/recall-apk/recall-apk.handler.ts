import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApkCommandRunner } from '../../apk-command-runner.js';
import { RecallApkCommand } from './recall-apk.command.js';

@CommandHandler(RecallApkCommand)
export class RecallApkHandler implements ICommandHandler<RecallApkCommand> {
  constructor(private readonly runner: ApkCommandRunner) {}

  execute({ actor, apkId }: RecallApkCommand) {
    return this.runner.run(actor, apkId, () => [{ type: 'RecallApkSubmission', by: actor.account }]);
  }
}
