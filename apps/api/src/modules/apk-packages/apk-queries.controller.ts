import { z } from 'zod';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  apkCompatibilityQuerySchema,
  apkCompatibilitySchema,
  apkDetailSchema,
  apkHistorySchema,
  apkIdQuerySchema,
  apkLastSubmitQuerySchema,
  apkLastSubmittedSchema,
  apkListItemSchema,
  apkListQuerySchema,
  apkPausedRolloutSchema,
  apkRolloutDetailSchema,
  apkSearchQuerySchema,
  listAnswerSchema,
} from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { ApkDetailQuery } from './queries/apk-detail/apk-detail.query.js';
import { ApkHistoryQuery } from './queries/apk-history/apk-history.query.js';
import { LastSubmitVersionQuery } from './queries/last-submit-version/last-submit-version.query.js';
import { ListApksQuery } from './queries/list-apks/list-apks.query.js';
import { SearchApksQuery } from './queries/search-apks/search-apks.query.js';
import { Permission } from '../../common/permission.decorator.js';
import { PausedRolloutsQuery } from './queries/paused-rollouts/paused-rollouts.query.js';
import { RolloutCompatibilityQuery } from './queries/rollout-compatibility/rollout-compatibility.query.js';
import { RolloutDetailQuery } from './queries/rollout-detail/rollout-detail.query.js';

/**
 * The APK package queries of §7 plus the history. Lists and details read the read models (send back a command's
 * `x-read-position` to see its effect); the history reads the stream itself.
 */
@ApiTags('apk-packages')
@Permission('read')
@Controller('subApk')
export class ApkQueriesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('list')
  @ApiOperation({
    summary:
      'APK packages of the brand, newest change first; filters: sub-brand, model, version prefix, review/test/release status',
  })
  @ApiQueryFrom(apkListQuerySchema)
  @ApiAnswer(listAnswerSchema(apkListItemSchema))
  async list(@Query() query: unknown) {
    const filter = parseInput(apkListQuerySchema, query);
    return ok(await this.queries.execute(new ListApksQuery(requestContext.brand(), filter)));
  }

  @Get('search')
  @ApiOperation({ summary: 'Pick packages by version, sub-brand or model prefix (at most 50)' })
  @ApiQueryFrom(apkSearchQuerySchema)
  @ApiAnswer(z.array(apkListItemSchema))
  async search(@Query() query: unknown) {
    const { keyword, reviewStatus } = parseInput(apkSearchQuerySchema, query);
    return ok(await this.queries.execute(new SearchApksQuery(requestContext.brand(), keyword, reviewStatus)));
  }

  @Get('detail')
  @ApiOperation({ summary: 'One package with its whole content and the revision to save against' })
  @ApiQueryFrom(apkIdQuerySchema)
  @ApiAnswer(apkDetailSchema)
  async detail(@Query() query: unknown) {
    const { id } = parseInput(apkIdQuerySchema, query);
    return ok(await this.queries.execute(new ApkDetailQuery(requestContext.brand(), id)));
  }

  @Get('lastSubmitVersionInfo')
  @ApiAnswer(apkLastSubmittedSchema)
  @ApiOperation({
    summary:
      'The versions of the latest submitted package of a sub-brand and model (null if none), to start the next',
  })
  @ApiQueryFrom(apkLastSubmitQuerySchema)
  async lastSubmitVersionInfo(@Query() query: unknown) {
    const { subBrandCode, productCode } = parseInput(apkLastSubmitQuerySchema, query);
    return ok(
      await this.queries.execute(
        new LastSubmitVersionQuery(requestContext.brand(), subBrandCode, productCode),
      ),
    );
  }

  @Get('history')
  @ApiAnswer(apkHistorySchema)
  @ApiOperation({
    summary:
      'The package’s timeline for auditors: each event with who, when, what changed (returns with their reason) and the state as of it',
  })
  @ApiQueryFrom(apkIdQuerySchema)
  async history(@Query() query: unknown) {
    const { id } = parseInput(apkIdQuerySchema, query);
    return ok(
      await this.queries.execute(new ApkHistoryQuery(requestContext.brand(), requestContext.lang(), id)),
    );
  }

  @Get('rollout/detail')
  @ApiAnswer(apkRolloutDetailSchema)
  @ApiOperation({
    summary:
      'The package’s staged release: stage, devices in it and on the new and the old version, fault rates per type since the watch’s start, pause reason, compatibility',
  })
  @ApiQueryFrom(apkIdQuerySchema)
  async rolloutDetail(@Query() query: unknown) {
    const { id } = parseInput(apkIdQuerySchema, query);
    return ok(
      await this.queries.execute(new RolloutDetailQuery(requestContext.brand(), requestContext.lang(), id)),
    );
  }

  @Get('rollout/compatibility')
  @ApiAnswer(apkCompatibilitySchema)
  @ApiOperation({
    summary:
      'Before a release: the devices of the package’s sub-brand it reaches, and those it leaves out per reason (model, minimum firmware, language)',
  })
  @ApiQueryFrom(apkCompatibilityQuerySchema)
  async rolloutCompatibility(@Query() query: unknown) {
    const { id, minFirmware, languages } = parseInput(apkCompatibilityQuerySchema, query);
    const needs = { minFirmware: minFirmware ?? null, languages };
    return ok(await this.queries.execute(new RolloutCompatibilityQuery(requestContext.brand(), id, needs)));
  }

  @Get('rollout/paused')
  @ApiAnswer(z.array(apkPausedRolloutSchema))
  @ApiOperation({ summary: 'The brand’s paused rollouts with why each paused (newest first, at most 20)' })
  async pausedRollouts() {
    return ok(await this.queries.execute(new PausedRolloutsQuery(requestContext.brand())));
  }
}
