import { z } from 'zod';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  deviceDetailSchema,
  deviceIdQuerySchema,
  deviceIdsSchema,
  deviceRowSchema,
  deviceSearchQuerySchema,
  deviceStatusQuerySchema,
  deviceStatusSchema,
  deviceTelemetryHistoryQuerySchema,
  deviceUpdateSchema,
  listDeletes,
  revokedSchema,
  telemetryHistorySchema,
} from '@kb/contracts';
import { deleteEndpoints } from '../../common/delete-endpoints.js';
import { ok } from '../../common/envelope.js';
import { deviceListExport } from './device-list.export.js';
import { listExportEndpoints } from '../../common/list-export/list-export.endpoints.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { DevicesService } from './devices.service.js';
import { Permission } from '../../common/permission.decorator.js';

const devicesDeletes = deleteEndpoints(
  listDeletes.device,
  {
    table: 'devices',
    notFound: 'device_not_found',
    // Their telemetry goes with them (credentials and test-group membership by the tables' foreign keys).
    cascade: async (client, brand, ids) => {
      for (const table of ['device_telemetry', 'device_telemetry_hourly'])
        await client.query(
          `DELETE FROM ${table} WHERE brand_owner_code = $1 AND device_id = ANY($2::uuid[])`,
          [brand, ids],
        );
    },
  },
  listExportEndpoints(deviceListExport),
);

/** §7 `device`: the brand's devices as they reported themselves to device-ingest. */
@ApiTags('devices')
@Permission('read')
@Controller('device')
export class DevicesController extends devicesDeletes {
  constructor(private readonly devices: DevicesService) {
    super();
  }

  @Get('status')
  @ApiAnswer(z.array(deviceStatusSchema))
  @ApiOperation({
    summary: 'Live online state, last connect time and IP of up to 100 devices (the rows on screen; poll it)',
  })
  @ApiQueryFrom(deviceStatusQuerySchema)
  async status(@Query() query: unknown) {
    return ok(await this.devices.status(parseInput(deviceStatusQuerySchema, query).ids));
  }

  @Get('search')
  @ApiAnswer(z.array(deviceRowSchema))
  @ApiOperation({ summary: 'Devices whose SN starts with the keyword (at most 50), for pickers' })
  @ApiQueryFrom(deviceSearchQuerySchema)
  async search(@Query() query: unknown) {
    return ok(await this.devices.search(parseInput(deviceSearchQuerySchema, query).keyword));
  }

  @Get('detail')
  @ApiAnswer(deviceDetailSchema)
  @ApiOperation({ summary: 'One device: its state, picture, bound app user, 20 newest samples and faults' })
  @ApiQueryFrom(deviceIdQuerySchema)
  async detail(@Query() query: unknown) {
    return ok(await this.devices.detail(parseInput(deviceIdQuerySchema, query).id));
  }

  @Get('telemetryHistory')
  @ApiAnswer(telemetryHistorySchema)
  @ApiOperation({
    summary:
      'Samples per hour (days 1 or 7) or per day (30, 365) of one device, with the average of each numeric reading; kept after the raw samples expire',
  })
  @ApiQueryFrom(deviceTelemetryHistoryQuerySchema)
  async telemetryHistory(@Query() query: unknown) {
    const q = parseInput(deviceTelemetryHistoryQuerySchema, query);
    return ok(await this.devices.telemetryHistory(q.id, q.days));
  }

  @Permission('device.edit')
  @Post('update')
  @ApiAnswer(deviceDetailSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the device picture and/or its own inactivity timeout (null: brand default)' })
  @ApiBodyFrom(deviceUpdateSchema)
  async update(@Body() body: unknown) {
    return ok(await this.devices.update(parseBody(deviceUpdateSchema, body)), 'saved');
  }

  @Permission('device.edit')
  @Post('revokeCredential')
  @ApiAnswer(revokedSchema)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Revoke the credentials of devices: device-ingest refuses them until they activate again',
  })
  @ApiBodyFrom(deviceIdsSchema)
  async revokeCredential(@Body() body: unknown) {
    const result = await this.devices.revokeCredentials(parseBody(deviceIdsSchema, body).ids);
    return ok(result);
  }
}
