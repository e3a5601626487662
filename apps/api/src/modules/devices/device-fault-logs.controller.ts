import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  deletedSchema,
  faultListQuerySchema,
  faultRecordSchema,
  faultSummaryQuerySchema,
  faultSummarySchema,
  idSchema,
  idsSchema,
  jobRunSchema,
  listExportBodySchema,
  pageSchema,
} from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ListExports } from '../../common/list-export/list-exports.service.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { DeviceFaultLogsService } from './device-fault-logs.service.js';
import { Permission } from '../../common/permission.decorator.js';

/** §7 `deviceFaultLog`: summary, list, delete, batchDelete. */
@ApiTags('device faults')
@Permission('read')
@Controller('deviceFaultLog')
export class DeviceFaultLogsController {
  constructor(
    private readonly faults: DeviceFaultLogsService,
    private readonly exports: ListExports,
  ) {}

  @Get('summary')
  @ApiAnswer(faultSummarySchema)
  @ApiOperation({
    summary: 'Fault counts by type, model, APK version and period (day/week/month), with the list filters',
  })
  @ApiQueryFrom(faultSummaryQuerySchema)
  async summary(@Query() query: unknown) {
    return ok(await this.faults.summary(parseInput(faultSummaryQuerySchema, query)));
  }

  @Post('exportData')
  @ApiAnswer(jobRunSchema)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Export the fault records the list’s filters and sort show to CSV or xlsx as a job: answers the run (follow it at /api/recipe/asyncTask/detail, download at /api/jobs/download)',
  })
  @ApiBodyFrom(listExportBodySchema(faultListQuerySchema))
  async exportData(@Body() body: unknown) {
    return ok(await this.exports.start('faultRecord', body));
  }

  @Get('list')
  @ApiAnswer(pageSchema(faultRecordSchema))
  @ApiOperation({
    summary: 'Fault records, newest first, with the full error log; filters SN, type, place, time',
  })
  @ApiQueryFrom(faultListQuerySchema)
  async list(@Query() query: unknown) {
    return ok(await this.faults.list(parseInput(faultListQuerySchema, query)));
  }

  @Permission('fault.delete')
  @Post('delete')
  @ApiAnswer(deletedSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete one fault record' })
  @ApiBodyFrom(idSchema)
  async delete(@Body() body: unknown) {
    return ok(await this.faults.delete([parseBody(idSchema, body).id]));
  }

  @Permission('fault.delete')
  @Post('batchDelete')
  @ApiAnswer(deletedSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several fault records (all or none)' })
  @ApiBodyFrom(idsSchema)
  async batchDelete(@Body() body: unknown) {
    return ok(await this.faults.delete(parseBody(idsSchema, body).ids));
  }
}
