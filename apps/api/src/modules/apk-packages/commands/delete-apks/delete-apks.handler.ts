import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApkCommandRunner } from '../../apk-command-runner.js';
import { DeleteApksCommand } from './delete-apks.command.js';

@CommandHandler(DeleteApksCommand)
export class DeleteApksHandler implements ICommandHandler<DeleteApksCommand> {
  constructor(private readonly runner: ApkCommandRunner) {}

  execute({ actor, ids }: DeleteApksCommand) {
    return this.runner.runMany(actor, ids, () => [
      { type: 'DeleteApkPackage', at: new Date().toISOString() },
    ]);
  }
}
