import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApkCommandRunner } from '../../apk-command-runner.js';
import { ApkReferences } from '../../apk-references.js';
import { ReviseApkCommand } from './revise-apk.command.js';

@CommandHandler(ReviseApkCommand)
export class ReviseApkHandler implements ICommandHandler<ReviseApkCommand> {
  constructor(
    private readonly runner: ApkCommandRunner,
    private readonly references: ApkReferences,
  ) {}

  async execute({ actor, apkId, revision, content: draft }: ReviseApkCommand) {
    const { content, check } = await this.references.resolve(actor.brand, draft, actor.lang);
    return this.runner.run(actor, apkId, () => [{ type: 'ReviseApkPackage', content }], {
      expectedRevision: revision,
      validate: check,
    });
  }
}
