import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  deletedSchema,
  faultSummaryQuerySchema,
  faultSummarySchema,
  idSchema,
  idsSchema,
} from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { faultListExport } from './device-list.export.js';
import { listExportEndpoints } from '../../common/list-export/list-export.endpoints.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { DeviceFaultLogsService } from './device-fault-logs.service.js';
import { Permission } from '../../common/permission.decorator.js';

/** §7 `deviceFaultLog`: summary, list, delete, batchDelete. */
@ApiTags('device faults')
@Permission('read')
@Controller('deviceFaultLog')
export class DeviceFaultLogsController extends listExportEndpoints(faultListExport) {
  constructor(private readonly faults: DeviceFaultLogsService) {
    super();
  }

  @Get('summary')
  @ApiAnswer(faultSummarySchema)
  @ApiOperation({
    summary: 'Fault counts by type, model, APK version and period (day/week/month), with the list filters',
  })
  @ApiQueryFrom(faultSummaryQuerySchema)
  async summary(@Query() query: unknown) {
    return ok(await this.faults.summary(parseInput(faultSummaryQuerySchema, query)));
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
