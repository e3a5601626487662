import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { searchRecordIdQuerySchema, searchRecordIdsSchema, searchRecordListQuerySchema } from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { parseInput } from '../../common/validation.js';
import { AppUsersService } from './app-users.service.js';

/** §7 `userSearchRecord`: what app users searched in the companion app. */
@ApiTags('search records')
@Permission('read')
@Controller('userSearchRecord')
export class SearchRecordsController {
  constructor(private readonly users: AppUsersService) {}

  @Get('list')
  @ApiOperation({
    summary:
      'Search records of the brand, newest first; filters: terms, user, language, region, empty results, time range, one user',
  })
  @ApiQueryFrom(searchRecordListQuerySchema)
  async list(@Query() query: unknown) {
    return ok(await this.users.searchRecords(parseInput(searchRecordListQuerySchema, query)));
  }

  @Get('detail')
  @ApiOperation({ summary: 'One search record' })
  @ApiQueryFrom(searchRecordIdQuerySchema)
  async detail(@Query() query: unknown) {
    return ok(await this.users.searchRecord(parseInput(searchRecordIdQuerySchema, query).id));
  }

  @Permission('appUser.edit')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete one search record' })
  @ApiBodyFrom(searchRecordIdQuerySchema)
  async delete(@Body() body: unknown) {
    return ok(await this.users.deleteSearchRecords([parseInput(searchRecordIdQuerySchema, body).id]));
  }

  @Permission('appUser.edit')
  @Post('batchDelete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several search records (all or none)' })
  @ApiBodyFrom(searchRecordIdsSchema)
  async batchDelete(@Body() body: unknown) {
    return ok(await this.users.deleteSearchRecords(parseInput(searchRecordIdsSchema, body).ids));
  }
}
