import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApkCommand } from '@kb/domain';
import { ApkCommandRunner } from '../../apk-command-runner.js';
import { ApkReferences } from '../../apk-references.js';
import { CreateApkCommand } from './create-apk.command.js';

@CommandHandler(CreateApkCommand)
export class CreateApkHandler implements ICommandHandler<CreateApkCommand> {
  constructor(
    private readonly runner: ApkCommandRunner,
    private readonly references: ApkReferences,
  ) {}

  async execute({ actor, content: draft, submit, apkId }: CreateApkCommand) {
    const { content, check } = await this.references.resolve(actor.brand, draft, actor.lang);
    const at = new Date().toISOString();
    const commands: ApkCommand[] = [
      { type: 'CreateApkPackage', apkId, content, submitting: submit },
    ];
    if (submit) commands.push({ type: 'SubmitApkForReview', by: actor.account, at });
    return this.runner.run(actor, apkId, () => commands, { validate: check });
  }
}
