import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { faultSummaryQuerySchema, faultSummarySchema, listDeletes } from '@kb/contracts';
import { deleteEndpoints } from '../../common/delete-endpoints.js';
import { ok } from '../../common/envelope.js';
import { faultListExport } from './device-list.export.js';
import { listExportEndpoints } from '../../common/list-export/list-export.endpoints.js';
import { ApiAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { parseInput } from '../../common/validation.js';
import { DeviceFaultLogsService } from './device-fault-logs.service.js';
import { Permission } from '../../common/permission.decorator.js';

const deviceFaultLogsDeletes = deleteEndpoints(
  listDeletes.deviceFaultLog,
  {
    table: 'device_faults',
    notFound: 'fault_not_found',
    // The rows stay as tombstones, so that a device resending the same message id cannot bring a deleted report
    // back.
    where: 'deleted_at IS NULL',
    remove: `UPDATE device_faults SET deleted_at = now(), error_log = ''
              WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])`,
  },
  listExportEndpoints(faultListExport),
);

/** §7 `deviceFaultLog`: summary, list, delete, batchDelete. */
@ApiTags('device faults')
@Permission('read')
@Controller('deviceFaultLog')
export class DeviceFaultLogsController extends deviceFaultLogsDeletes {
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
}
