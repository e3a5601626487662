import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import {
  offlinePackContentSchema,
  offlinePackIdBodySchema,
  offlinePackIdsSchema,
  offlinePackReleaseStatusSchema,
  offlinePackTestStatusSchema,
  offlinePackUpdateRefSchema,
  type Envelope,
  type OfflinePackBatchAnswer,
  type OfflinePackCommandAnswer,
} from '@kb/contracts';
import { actorOfRequest } from '../../common/event-sourcing/aggregate-streams.js';
import { translate } from '../../common/messages.js';
import { ApiBodyFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { formatPosition, READ_POSITION_HEADER } from '../../infra/read-your-writes.js';
import { BuildOfflinePackCommand } from './commands/build-offline-pack/build-offline-pack.command.js';
import { CreateOfflinePackCommand } from './commands/create-offline-pack/create-offline-pack.command.js';
import { DeleteOfflinePacksCommand } from './commands/delete-offline-packs/delete-offline-packs.command.js';
import { ReviseOfflinePackCommand } from './commands/revise-offline-pack/revise-offline-pack.command.js';
import { SetOfflinePackReleaseStatusCommand } from './commands/set-offline-pack-release-status/set-offline-pack-release-status.command.js';
import { SetOfflinePackTestStatusCommand } from './commands/set-offline-pack-test-status/set-offline-pack-test-status.command.js';
import {
  offlinePackBatchAnswer,
  singleOfflinePackChange,
  type OfflinePackBatchOutcome,
  type OfflinePackChange,
} from './offline-pack-command-runner.js';
import { Permission } from '../../common/permission.decorator.js';

function envelope<T>(data: T, code: string, params: Record<string, string | number> = {}): Envelope<T> {
  return { status: 200, desc: translate(code, requestContext.lang(), params) ?? code, data };
}

/** The answer of a command on one pack; header `x-read-position` lets the next GET see it. */
function one(res: Response, change: OfflinePackChange, code = 'ok'): Envelope<OfflinePackCommandAnswer> {
  const { position, ...answer } = change;
  if (position) res.setHeader(READ_POSITION_HEADER, formatPosition(position));
  return envelope(answer, code);
}

/**
 * The offline recipe pack commands of §7 (`/api/offlineRecipes/*`). Controllers do HTTP only: parse, dispatch,
 * answer. Single-pack refusals are 4xx (409 names the pack and where it is); batch delete answers 200 with each
 * pack's outcome.
 */
@ApiTags('offline-packs')
@Controller('offlineRecipes')
export class OfflinePackCommandsController {
  constructor(private readonly commands: CommandBus) {}

  @Permission('offlinePack.edit')
  @Post('add')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Create a pack: number, type, factory model, customer model (sub-brand) and released recipes compatible with the model',
  })
  @ApiBodyFrom(offlinePackContentSchema)
  async add(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const content = parseInput(offlinePackContentSchema, body);
    return one(
      res,
      await this.commands.execute(new CreateOfflinePackCommand(actorOfRequest(), content)),
      'saved',
    );
  }

  @Permission('offlinePack.edit')
  @Post('update')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save a pack that is not online over the revision the form loaded (409 if it changed)',
  })
  @ApiBodyFrom(z.intersection(offlinePackUpdateRefSchema, offlinePackContentSchema))
  async update(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, revision } = parseInput(offlinePackUpdateRefSchema, body);
    const content = parseInput(offlinePackContentSchema, body);
    return one(
      res,
      await this.commands.execute(new ReviseOfflinePackCommand(actorOfRequest(), id, revision, content)),
      'saved',
    );
  }

  @Permission('offlinePack.test')
  @Post('updateTestStatus')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish a pack to the brand’s test devices (testing=true) or cancel the test' })
  @ApiBodyFrom(offlinePackTestStatusSchema)
  async updateTestStatus(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, testing } = parseInput(offlinePackTestStatusSchema, body);
    return one(
      res,
      await this.commands.execute(new SetOfflinePackTestStatusCommand(actorOfRequest(), id, testing)),
    );
  }

  @Permission('offlinePack.online')
  @Post('updateReleaseStatus')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Publish a pack online to every device of its model (online=true) or cancel online',
  })
  @ApiBodyFrom(offlinePackReleaseStatusSchema)
  async updateReleaseStatus(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, online } = parseInput(offlinePackReleaseStatusSchema, body);
    return one(
      res,
      await this.commands.execute(new SetOfflinePackReleaseStatusCommand(actorOfRequest(), id, online)),
    );
  }

  @Permission('offlinePack.build')
  @Post('build')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Build the pack file (zip: manifest, each recipe in every language, media, SHA-256) as a device-ingest job; poll buildStatus for progress',
  })
  @ApiBodyFrom(offlinePackIdBodySchema)
  async build(@Body() body: unknown) {
    const { id } = parseInput(offlinePackIdBodySchema, body);
    return envelope(
      await this.commands.execute(new BuildOfflinePackCommand(actorOfRequest(), id)),
      'offline_pack_build_started',
    );
  }

  @Permission('offlinePack.edit')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a pack on no device (not in test, not online); history stays' })
  @ApiBodyFrom(offlinePackIdBodySchema)
  async delete(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id } = parseInput(offlinePackIdBodySchema, body);
    const outcome: OfflinePackBatchOutcome = await this.commands.execute(
      new DeleteOfflinePacksCommand(actorOfRequest(), [id]),
    );
    return one(res, singleOfflinePackChange(outcome));
  }

  @Permission('offlinePack.edit')
  @Post('batchDelete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete packs; per-pack outcome' })
  @ApiBodyFrom(offlinePackIdsSchema)
  async batchDelete(
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Envelope<OfflinePackBatchAnswer>> {
    const { ids } = parseInput(offlinePackIdsSchema, body);
    const actor = actorOfRequest();
    const outcome = await this.commands.execute(new DeleteOfflinePacksCommand(actor, ids));
    if (outcome.position) res.setHeader(READ_POSITION_HEADER, formatPosition(outcome.position));
    const answer = offlinePackBatchAnswer(outcome, actor);
    return envelope(answer, answer.failed === 0 ? 'offline_pack_batch_done' : 'offline_pack_batch_partial', {
      succeeded: answer.succeeded,
      failed: answer.failed,
    });
  }
}
