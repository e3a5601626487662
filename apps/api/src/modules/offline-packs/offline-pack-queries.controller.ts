import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  offlinePackIdQuerySchema,
  offlinePackListQuerySchema,
  offlinePackSearchQuerySchema,
} from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiQueryFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { ListOfflinePacksQuery } from './queries/list-offline-packs/list-offline-packs.query.js';
import { OfflinePackDetailQuery } from './queries/offline-pack-detail/offline-pack-detail.query.js';
import { OfflinePackHistoryQuery } from './queries/offline-pack-history/offline-pack-history.query.js';
import { SearchOfflinePacksQuery } from './queries/search-offline-packs/search-offline-packs.query.js';

/**
 * The offline recipe pack queries of §7 plus the history. Lists and details read the read models (send back a
 * command's `x-read-position` to see its effect); the history reads the stream itself.
 */
@ApiTags('offline-packs')
@Controller('offlineRecipes')
export class OfflinePackQueriesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('list')
  @ApiOperation({
    summary:
      'Offline recipe packs of the brand, newest change first; filters: number prefix, type, factory model, customer model (sub-brand), test/release status',
  })
  @ApiQueryFrom(offlinePackListQuerySchema)
  async list(@Query() query: unknown) {
    const filter = parseInput(offlinePackListQuerySchema, query);
    return ok(await this.queries.execute(new ListOfflinePacksQuery(requestContext.brand(), filter)));
  }

  @Get('search')
  @ApiOperation({ summary: 'Pick packs by number, factory model or sub-brand prefix (at most 50)' })
  @ApiQueryFrom(offlinePackSearchQuerySchema)
  async search(@Query() query: unknown) {
    const { keyword } = parseInput(offlinePackSearchQuerySchema, query);
    return ok(await this.queries.execute(new SearchOfflinePacksQuery(requestContext.brand(), keyword)));
  }

  @Get('detail')
  @ApiOperation({
    summary: 'One pack with its content, its selected recipes and the revision to save against',
  })
  @ApiQueryFrom(offlinePackIdQuerySchema)
  async detail(@Query() query: unknown) {
    const { id } = parseInput(offlinePackIdQuerySchema, query);
    return ok(await this.queries.execute(new OfflinePackDetailQuery(requestContext.brand(), id)));
  }

  @Get('history')
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
}
