import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OfflinePackBuilds } from '../../offline-pack-builds.js';
import { BuildOfflinePackCommand } from './build-offline-pack.command.js';

@CommandHandler(BuildOfflinePackCommand)
export class BuildOfflinePackHandler implements ICommandHandler<BuildOfflinePackCommand> {
  constructor(private readonly builds: OfflinePackBuilds) {}

  execute({ actor, packId }: BuildOfflinePackCommand) {
    return this.builds.request(actor, packId);
  }
}
