import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { Command, CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import {
  apkAuditReturnSchema,
  apkBatchAuditSchema,
  apkCommitSchema,
  apkContentSchema,
  apkIdBodySchema,
  apkIdsSchema,
  apkReleaseStatusSchema,
  apkTestStatusSchema,
  apkUpdateRefSchema,
  type ApkBatchAnswer,
  type ApkCommandAnswer,
  type Envelope,
} from '@kb/contracts';
import { translate } from '../../common/messages.js';
import { ApiBodyFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { formatPosition, READ_POSITION_HEADER } from '../../infra/read-your-writes.js';
import {
  apkBatchAnswer,
  singleApkChange,
  type ApkBatchOutcome,
  type ApkChange,
} from './apk-command-runner.js';
import { apkActorOfRequest, type ApkActor } from './apk-streams.js';
import { AuditApksCommand } from './commands/audit-apks/audit-apks.command.js';
import { CreateApkCommand } from './commands/create-apk/create-apk.command.js';
import { DeleteApksCommand } from './commands/delete-apks/delete-apks.command.js';
import { RecallApkCommand } from './commands/recall-apk/recall-apk.command.js';
import { ReviseApkCommand } from './commands/revise-apk/revise-apk.command.js';
import { SetApkReleaseStatusCommand } from './commands/set-apk-release-status/set-apk-release-status.command.js';
import { SetApkTestStatusCommand } from './commands/set-apk-test-status/set-apk-test-status.command.js';
import { SubmitApkCommand } from './commands/submit-apk/submit-apk.command.js';
import { Permission } from '../../common/permission.decorator.js';

function envelope<T>(data: T, code: string, params: Record<string, string | number> = {}): Envelope<T> {
  return { status: 200, desc: translate(code, requestContext.lang(), params) ?? code, data };
}

/** The answer of a command on one package; header `x-read-position` lets the next GET see it. */
function one(res: Response, change: ApkChange, code = 'ok'): Envelope<ApkCommandAnswer> {
  const { position, ...answer } = change;
  if (position) res.setHeader(READ_POSITION_HEADER, formatPosition(position));
  return envelope(answer, code);
}

function many(res: Response, outcome: ApkBatchOutcome, actor: ApkActor): Envelope<ApkBatchAnswer> {
  if (outcome.position) res.setHeader(READ_POSITION_HEADER, formatPosition(outcome.position));
  const answer = apkBatchAnswer(outcome, actor);
  return envelope(answer, answer.failed === 0 ? 'apk_batch_done' : 'apk_batch_partial', {
    succeeded: answer.succeeded,
    failed: answer.failed,
  });
}

/**
 * The APK package commands of §7 (`/api/subApk/*`) and the audit actions. Controllers do HTTP only: parse,
 * dispatch, answer. Each route names its permission of the role matrix (the guard answers 403 to other roles).
 * Single-package refusals are 4xx (409 names the package and its state; 403 for a self-audit); batches answer 200
 * with each package's outcome.
 */
@ApiTags('apk-packages')
@Controller('subApk')
export class ApkCommandsController {
  constructor(private readonly commands: CommandBus) {}

  private async batch(res: Response, command: (actor: ApkActor) => Command<ApkBatchOutcome>) {
    const actor = apkActorOfRequest();
    return many(res, await this.commands.execute(command(actor)), actor);
  }

  @Permission('apk.edit')
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an APK package (not submitted) from the form’s content' })
  @ApiBodyFrom(apkContentSchema)
  async add(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const content = parseInput(apkContentSchema, body);
    return one(
      res,
      await this.commands.execute(new CreateApkCommand(apkActorOfRequest(), content, false)),
      'saved',
    );
  }

  @Permission('apk.submit')
  @Post('addAndApproval')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an APK package and submit it for review at once (complete per §5 only)' })
  @ApiBodyFrom(apkContentSchema)
  async addAndApproval(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const content = parseInput(apkContentSchema, body);
    return one(
      res,
      await this.commands.execute(new CreateApkCommand(apkActorOfRequest(), content, true)),
      'apk_submitted',
    );
  }

  @Permission('apk.edit')
  @Post('update')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save a not-submitted or returned package over the revision the form loaded (409 if it changed)',
  })
  @ApiBodyFrom(z.intersection(apkUpdateRefSchema, apkContentSchema))
  async update(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, revision } = parseInput(apkUpdateRefSchema, body);
    const content = parseInput(apkContentSchema, body);
    return one(
      res,
      await this.commands.execute(new ReviseApkCommand(apkActorOfRequest(), id, revision, content)),
      'saved',
    );
  }

  @Permission('apk.submit')
  @Post('commitApproval')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submit a not-submitted or returned package for review (all §5 fields required)' })
  @ApiBodyFrom(apkCommitSchema)
  async commitApproval(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, revision } = parseInput(apkCommitSchema, body);
    return one(
      res,
      await this.commands.execute(new SubmitApkCommand(apkActorOfRequest(), id, revision)),
      'apk_submitted',
    );
  }

  @Permission('apk.submit')
  @Post('recall')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take a pending submission back (pending review → not submitted)' })
  @ApiBodyFrom(apkIdBodySchema)
  async recall(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id } = parseInput(apkIdBodySchema, body);
    return one(
      res,
      await this.commands.execute(new RecallApkCommand(apkActorOfRequest(), id)),
      'apk_recalled',
    );
  }

  @Permission('apk.audit')
  @Post('auditPass')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pass a pending package (auditor or admin; not one’s own submission)' })
  @ApiBodyFrom(apkIdBodySchema)
  async auditPass(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id } = parseInput(apkIdBodySchema, body);
    const outcome = await this.commands.execute(new AuditApksCommand(apkActorOfRequest(), [id], true));
    return one(res, singleApkChange(outcome), 'apk_audit_passed');
  }

  @Permission('apk.audit')
  @Post('auditReturn')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Return a pending package with a reason (auditor or admin; not one’s own submission)',
  })
  @ApiBodyFrom(apkAuditReturnSchema)
  async auditReturn(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, reason } = parseInput(apkAuditReturnSchema, body);
    const outcome = await this.commands.execute(
      new AuditApksCommand(apkActorOfRequest(), [id], false, reason),
    );
    return one(res, singleApkChange(outcome), 'apk_audit_returned');
  }

  @Permission('apk.audit')
  @Post('batchAudit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Pass (pass=true) or return with one reason several packages; per-package outcome',
  })
  @ApiBodyFrom(apkBatchAuditSchema)
  batchAudit(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids, pass, reason } = parseInput(apkBatchAuditSchema, body);
    return this.batch(res, (actor) => new AuditApksCommand(actor, ids, pass, reason));
  }

  @Permission('apk.test')
  @Post('updateTestStatus')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Publish a created package to the brand’s test devices (testing=true) or cancel the test',
  })
  @ApiBodyFrom(apkTestStatusSchema)
  async updateTestStatus(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, testing } = parseInput(apkTestStatusSchema, body);
    return one(
      res,
      await this.commands.execute(new SetApkTestStatusCommand(apkActorOfRequest(), id, testing)),
    );
  }

  @Permission('apk.online')
  @Post('updateReleaseStatus')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Publish a created package online to all devices of the brand (online=true) or cancel online',
  })
  @ApiBodyFrom(apkReleaseStatusSchema)
  async updateReleaseStatus(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, online } = parseInput(apkReleaseStatusSchema, body);
    return one(
      res,
      await this.commands.execute(new SetApkReleaseStatusCommand(apkActorOfRequest(), id, online)),
    );
  }

  @Permission('apk.edit')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a package (not while pending review, in test or online); history stays' })
  @ApiBodyFrom(apkIdBodySchema)
  async delete(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id } = parseInput(apkIdBodySchema, body);
    const outcome = await this.commands.execute(new DeleteApksCommand(apkActorOfRequest(), [id]));
    return one(res, singleApkChange(outcome));
  }

  @Permission('apk.edit')
  @Post('batchDelete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete packages; per-package outcome' })
  @ApiBodyFrom(apkIdsSchema)
  batchDelete(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids } = parseInput(apkIdsSchema, body);
    return this.batch(res, (actor) => new DeleteApksCommand(actor, ids));
  }
}
