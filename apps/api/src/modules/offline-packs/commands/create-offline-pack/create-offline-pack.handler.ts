import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OfflinePackCommandRunner } from '../../offline-pack-command-runner.js';
import { OfflinePackReferences } from '../../offline-pack-references.js';
import { CreateOfflinePackCommand } from './create-offline-pack.command.js';

@CommandHandler(CreateOfflinePackCommand)
export class CreateOfflinePackHandler implements ICommandHandler<CreateOfflinePackCommand> {
  constructor(
    private readonly runner: OfflinePackCommandRunner,
    private readonly references: OfflinePackReferences,
  ) {}

  execute({ actor, content, packId }: CreateOfflinePackCommand) {
    return this.runner.run(actor, packId, () => [{ type: 'CreateOfflinePack', packId, content }], {
      validate: () => this.references.check(actor.brand, packId, content, actor.lang),
    });
  }
}
