import { z } from 'zod';
import path from 'node:path';
import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  offlinePackBuildSchema,
  offlinePackCompatibilitySchema,
  offlinePackDetailSchema,
  offlinePackHistorySchema,
  offlinePackIdQuerySchema,
  offlinePackListAnswerSchema,
  offlinePackListItemSchema,
  offlinePackListQuerySchema,
  offlinePackSearchQuerySchema,
} from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { ok } from '../../common/envelope.js';
import { sendDownload } from '../../common/file-download.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { OfflinePackBuilds } from './offline-pack-builds.js';
import { OfflinePackCompatibilityQuery } from './queries/offline-pack-compatibility/offline-pack-compatibility.query.js';
import { OfflinePackBuildQuery } from './queries/offline-pack-build/offline-pack-build.query.js';
import { ApiAnswer, ApiFileAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { ListOfflinePacksQuery } from './queries/list-offline-packs/list-offline-packs.query.js';
import { OfflinePackDetailQuery } from './queries/offline-pack-detail/offline-pack-detail.query.js';
import { OfflinePackHistoryQuery } from './queries/offline-pack-history/offline-pack-history.query.js';
import { SearchOfflinePacksQuery } from './queries/search-offline-packs/search-offline-packs.query.js';
import { Permission } from '../../common/permission.decorator.js';

/**
 * The offline recipe pack queries of §7 plus the history. Lists and details read the read models (send back a
 * command's `x-read-position` to see its effect); the history reads the stream itself.
 */
@ApiTags('offline-packs')
@Permission('read')
@Controller('offlineRecipes')
export class OfflinePackQueriesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly builds: OfflinePackBuilds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('list')
  @ApiAnswer(offlinePackListAnswerSchema)
  @ApiOperation({
    summary:
      'Offline recipe packs of the brand, newest change first; filters: number prefix, type, factory model, customer model (sub-brand), test/release status',
  })
  @ApiQueryFrom(offlinePackListQuerySchema)
  async list(@Query() query: unknown) {
    const filter = parseInput(offlinePackListQuerySchema, query);
    return ok(
      await this.queries.execute(
        new ListOfflinePacksQuery(requestContext.brand(), requestContext.lang(), filter),
      ),
    );
  }

  @Get('search')
  @ApiAnswer(z.array(offlinePackListItemSchema))
  @ApiOperation({ summary: 'Pick packs by number, factory model or sub-brand prefix (at most 50)' })
  @ApiQueryFrom(offlinePackSearchQuerySchema)
  async search(@Query() query: unknown) {
    const { keyword } = parseInput(offlinePackSearchQuerySchema, query);
    return ok(
      await this.queries.execute(
        new SearchOfflinePacksQuery(requestContext.brand(), requestContext.lang(), keyword),
      ),
    );
  }

  @Get('detail')
  @ApiAnswer(offlinePackDetailSchema)
  @ApiOperation({
    summary: 'One pack with its content, its selected recipes and the revision to save against',
  })
  @ApiQueryFrom(offlinePackIdQuerySchema)
  async detail(@Query() query: unknown) {
    const { id } = parseInput(offlinePackIdQuerySchema, query);
    return ok(
      await this.queries.execute(
        new OfflinePackDetailQuery(requestContext.brand(), requestContext.lang(), id),
      ),
    );
  }

  @Get('history')
  @ApiAnswer(offlinePackHistorySchema)
  @ApiOperation({
    summary:
      'The pack’s timeline for auditors: each event with who, when, what changed and the state as of it',
  })
  @ApiQueryFrom(offlinePackIdQuerySchema)
  async history(@Query() query: unknown) {
    const { id } = parseInput(offlinePackIdQuerySchema, query);
    return ok(
      await this.queries.execute(
        new OfflinePackHistoryQuery(requestContext.brand(), requestContext.lang(), id),
      ),
    );
  }

  @Get('compatibility')
  @ApiAnswer(offlinePackCompatibilitySchema)
  @ApiOperation({
    summary:
      'Before a release: the brand’s devices of the pack’s customer model it would not fit (other factory model, a UI language its recipes lack), per reason, and whether it was ever tested',
  })
  @ApiQueryFrom(offlinePackIdQuerySchema)
  async compatibility(@Query() query: unknown) {
    const { id } = parseInput(offlinePackIdQuerySchema, query);
    return ok(await this.queries.execute(new OfflinePackCompatibilityQuery(requestContext.brand(), id)));
  }

  @Get('buildStatus')
  @ApiOperation({
    summary:
      'The newest build of the pack file: queued/running/done/failed, progress 0–100, size, SHA-256, error',
  })
  @ApiQueryFrom(offlinePackIdQuerySchema)
  @ApiAnswer(offlinePackBuildSchema.nullable())
  async buildStatus(@Query() query: unknown) {
    const { id } = parseInput(offlinePackIdQuerySchema, query);
    return ok(
      await this.queries.execute(
        new OfflinePackBuildQuery(requestContext.brand(), requestContext.lang(), id),
      ),
    );
  }

  @Get('download')
  @ApiOperation({
    summary: 'Download the newest finished pack file (zip); header x-checksum-sha256; 404 when not built',
  })
  @ApiFileAnswer('application/zip')
  @ApiQueryFrom(offlinePackIdQuerySchema)
  async download(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const { id } = parseInput(offlinePackIdQuerySchema, query);
    const file = await this.builds.downloadable(requestContext.brand(), id);
    if (!file) throw new AppError(404, 'offline_pack_build_missing');
    sendDownload(res, {
      fullPath: path.resolve(this.config.FILES_DIR, file.filePath),
      size: file.size,
      name: file.fileName,
      type: 'application/zip',
      sha256: file.sha256,
      missingCode: 'offline_pack_build_missing',
    });
  }
}
