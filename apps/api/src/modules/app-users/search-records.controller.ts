import { z } from 'zod';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  jobRunSchema,
  listDeletes,
  searchRecordExportQuerySchema,
  searchRecordIdQuerySchema,
  searchRecordListPageSchema,
  searchRecordListQuerySchema,
  searchRecordRowSchema,
  searchTopTermSchema,
  searchTopTermsQuerySchema,
} from '@kb/contracts';
import { actorOfRequest } from '../../common/actor.js';
import { requestContext } from '../../common/request-context.js';
import { JobLauncher } from '../jobs/job-launcher.js';
import { deleteEndpoints } from '../../common/delete-endpoints.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { AppUsersService } from './app-users.service.js';

const searchRecordsDeletes = deleteEndpoints(listDeletes.userSearchRecord, {
  table: 'app_search_records',
  notFound: 'search_record_not_found',
});

/** §7 `userSearchRecord`: what app users searched in the companion app. */
@ApiTags('search records')
@Permission('read')
@Controller('userSearchRecord')
export class SearchRecordsController extends searchRecordsDeletes {
  constructor(
    private readonly users: AppUsersService,
    private readonly launcher: JobLauncher,
  ) {
    super();
  }

  @Get('list')
  @ApiAnswer(searchRecordListPageSchema)
  @ApiOperation({
    summary:
      'Search records of the brand, newest first; filters: terms, user, language, region, empty results, time range, one user',
  })
  @ApiQueryFrom(searchRecordListQuerySchema)
  async list(@Query() query: unknown) {
    return ok(await this.users.searchRecords(parseInput(searchRecordListQuerySchema, query)));
  }

  @Get('topTerms')
  @ApiAnswer(z.array(searchTopTermSchema))
  @ApiOperation({
    summary:
      'The terms the app’s users searched most over 7, 30 or 90 days (0: all time), optionally in one language, each marked when a hot search label already says it (suggestions for hot search labels)',
  })
  @ApiQueryFrom(searchTopTermsQuerySchema)
  async topTerms(@Query() query: unknown) {
    return ok(await this.users.topTerms(parseInput(searchTopTermsQuerySchema, query)));
  }

  @Post('exportData')
  @ApiAnswer(jobRunSchema)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Export the search records matching the list’s filter to CSV or xlsx as a job: answers the run (follow it at /api/recipe/asyncTask/detail, download at /api/jobs/download)',
  })
  @ApiBodyFrom(searchRecordExportQuerySchema)
  async exportData(@Body() body: unknown) {
    const { format, ...filter } = parseBody(searchRecordExportQuerySchema, body);
    // The range is checked as the list checks it (a start after the end is refused here, not in the job).
    this.users.searchFilter(filter);
    const run = await this.launcher.start(actorOfRequest(), {
      queue: 'search-record-export',
      job: 'export-records',
      kind: 'search-record-export',
      payload: { format, lang: requestContext.lang(), filter },
      params: { format },
    });
    return ok(run);
  }

  @Get('detail')
  @ApiAnswer(searchRecordRowSchema)
  @ApiOperation({ summary: 'One search record' })
  @ApiQueryFrom(searchRecordIdQuerySchema)
  async detail(@Query() query: unknown) {
    return ok(await this.users.searchRecord(parseInput(searchRecordIdQuerySchema, query).id));
  }
}
