import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OfflinePackBuilds } from '../../offline-pack-builds.js';
import { OfflinePackCommandRunner } from '../../offline-pack-command-runner.js';
import { OfflinePackReferences } from '../../offline-pack-references.js';
import { SetOfflinePackReleaseStatusCommand } from './set-offline-pack-release-status.command.js';

@CommandHandler(SetOfflinePackReleaseStatusCommand)
export class SetOfflinePackReleaseStatusHandler implements ICommandHandler<SetOfflinePackReleaseStatusCommand> {
  constructor(
    private readonly runner: OfflinePackCommandRunner,
    private readonly references: OfflinePackReferences,
    private readonly builds: OfflinePackBuilds,
  ) {}

  async execute({ actor, packId, online }: SetOfflinePackReleaseStatusCommand) {
    const at = new Date().toISOString();
    let released: string | null = null;
    const change = await this.runner.run(
      actor,
      packId,
      () => [online ? { type: 'PublishOfflinePackOnline', at } : { type: 'CancelOfflinePackOnline', at }],
      {
        // Recipes may have been recalled since the pack was saved: devices get released recipes only, and a
        // file built from the content as it is now.
        validate: online
          ? async (state) => {
              await this.references.checkRecipes(actor.brand, state.content, actor.lang);
              released = await this.builds.requireCurrent(actor.brand, packId, state.content);
            }
          : undefined,
      },
    );
    if (released && change.changed) await this.builds.markReleased(released);
    return change;
  }
}
