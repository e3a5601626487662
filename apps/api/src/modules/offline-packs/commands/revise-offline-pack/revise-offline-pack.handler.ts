import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OfflinePackCommandRunner } from '../../offline-pack-command-runner.js';
import { OfflinePackReferences } from '../../offline-pack-references.js';
import { ReviseOfflinePackCommand } from './revise-offline-pack.command.js';

@CommandHandler(ReviseOfflinePackCommand)
export class ReviseOfflinePackHandler implements ICommandHandler<ReviseOfflinePackCommand> {
  constructor(
    private readonly runner: OfflinePackCommandRunner,
    private readonly references: OfflinePackReferences,
  ) {}

  execute({ actor, packId, revision, content }: ReviseOfflinePackCommand) {
    return this.runner.run(actor, packId, () => [{ type: 'ReviseOfflinePack', content }], {
      expectedRevision: revision,
      validate: () => this.references.check(actor.brand, packId, content, actor.lang),
    });
  }
}
