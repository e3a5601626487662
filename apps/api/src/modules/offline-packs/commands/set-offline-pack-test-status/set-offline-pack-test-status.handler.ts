import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OfflinePackCommandRunner } from '../../offline-pack-command-runner.js';
import { OfflinePackReferences } from '../../offline-pack-references.js';
import { SetOfflinePackTestStatusCommand } from './set-offline-pack-test-status.command.js';

@CommandHandler(SetOfflinePackTestStatusCommand)
export class SetOfflinePackTestStatusHandler implements ICommandHandler<SetOfflinePackTestStatusCommand> {
  constructor(
    private readonly runner: OfflinePackCommandRunner,
    private readonly references: OfflinePackReferences,
  ) {}

  execute({ actor, packId, testing }: SetOfflinePackTestStatusCommand) {
    const at = new Date().toISOString();
    return this.runner.run(
      actor,
      packId,
      () => [testing ? { type: 'PublishOfflinePackTest', at } : { type: 'CancelOfflinePackTest', at }],
      {
        // Recipes may have been recalled since the pack was saved: devices get released recipes only.
        validate: testing
          ? (state) => this.references.checkRecipes(actor.brand, state.content, actor.lang)
          : undefined,
      },
    );
  }
}
