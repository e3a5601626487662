import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OfflinePackBuilds } from '../../offline-pack-builds.js';
import { OfflinePackCommandRunner } from '../../offline-pack-command-runner.js';
import { OfflinePackReferences } from '../../offline-pack-references.js';
import { SetOfflinePackTestStatusCommand } from './set-offline-pack-test-status.command.js';

@CommandHandler(SetOfflinePackTestStatusCommand)
export class SetOfflinePackTestStatusHandler implements ICommandHandler<SetOfflinePackTestStatusCommand> {
  constructor(
    private readonly runner: OfflinePackCommandRunner,
    private readonly references: OfflinePackReferences,
    private readonly builds: OfflinePackBuilds,
  ) {}

  execute({ actor, packId, testing }: SetOfflinePackTestStatusCommand) {
    const at = new Date().toISOString();
    return this.runner.run(
      actor,
      packId,
      () => [testing ? { type: 'PublishOfflinePackTest', at } : { type: 'CancelOfflinePackTest', at }],
      {
        // Recipes may have been recalled since the pack was saved: devices get released recipes only, and a
        // file built from the content as it is now.
        validate: testing
          ? async (state) => {
              await this.references.checkRecipes(actor.brand, state.content, actor.lang);
              await this.builds.requireCurrent(actor.brand, packId, state.content);
            }
          : undefined,
      },
    );
  }
}
