import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OfflinePackCommandRunner } from '../../offline-pack-command-runner.js';
import { OfflinePackReferences } from '../../offline-pack-references.js';
import { SetOfflinePackReleaseStatusCommand } from './set-offline-pack-release-status.command.js';

@CommandHandler(SetOfflinePackReleaseStatusCommand)
export class SetOfflinePackReleaseStatusHandler implements ICommandHandler<SetOfflinePackReleaseStatusCommand> {
  constructor(
    private readonly runner: OfflinePackCommandRunner,
    private readonly references: OfflinePackReferences,
  ) {}

  execute({ actor, packId, online }: SetOfflinePackReleaseStatusCommand) {
    const at = new Date().toISOString();
    return this.runner.run(
      actor,
      packId,
      () => [online ? { type: 'PublishOfflinePackOnline', at } : { type: 'CancelOfflinePackOnline', at }],
      {
        // Recipes may have been recalled since the pack was saved: devices get released recipes only.
        validate: online
          ? (state) => this.references.checkRecipes(actor.brand, state.content, actor.lang)
          : undefined,
      },
    );
  }
}
