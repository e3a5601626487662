import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OfflinePackCommandRunner } from '../../offline-pack-command-runner.js';
import { DeleteOfflinePacksCommand } from './delete-offline-packs.command.js';

@CommandHandler(DeleteOfflinePacksCommand)
export class DeleteOfflinePacksHandler implements ICommandHandler<DeleteOfflinePacksCommand> {
  constructor(private readonly runner: OfflinePackCommandRunner) {}

  execute({ actor, ids }: DeleteOfflinePacksCommand) {
    return this.runner.runMany(actor, ids, () => [
      { type: 'DeleteOfflinePack', at: new Date().toISOString() },
    ]);
  }
}
