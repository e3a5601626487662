import { z } from 'zod';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  listDeletes,
  pageSchema,
  testDeviceIdQuerySchema,
  testDeviceInputSchema,
  testDeviceListQuerySchema,
  testDeviceSchema,
  testDeviceSearchQuerySchema,
  testDeviceUpdateSchema,
} from '@kb/contracts';
import { deleteEndpoints } from '../../common/delete-endpoints.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { TestDevicesService } from './test-devices.service.js';
import { Permission } from '../../common/permission.decorator.js';

const testDevicesDeletes = deleteEndpoints(listDeletes.testDevice, { table: 'test_devices' });

/** §7 `testDevice`: the test device group (devices that receive test APKs and test offline packs). */
@ApiTags('test devices')
@Permission('read')
@Controller('testDevice')
export class TestDevicesController extends testDevicesDeletes {
  constructor(private readonly testDevices: TestDevicesService) {
    super();
  }

  @Get('list')
  @ApiAnswer(pageSchema(testDeviceSchema))
  @ApiOperation({
    summary: 'Test devices of the brand, newest first; filters SN prefix, sub-brand, model, online',
  })
  @ApiQueryFrom(testDeviceListQuerySchema)
  async list(@Query() query: unknown) {
    return ok(await this.testDevices.list(parseInput(testDeviceListQuerySchema, query)));
  }

  @Get('search')
  @ApiAnswer(z.array(testDeviceSchema))
  @ApiOperation({ summary: 'Test devices whose SN starts with the keyword (at most 50)' })
  @ApiQueryFrom(testDeviceSearchQuerySchema)
  async search(@Query() query: unknown) {
    return ok(await this.testDevices.search(parseInput(testDeviceSearchQuerySchema, query).keyword));
  }

  @Get('detail')
  @ApiAnswer(testDeviceSchema)
  @ApiOperation({ summary: 'One test device' })
  @ApiQueryFrom(testDeviceIdQuerySchema)
  async detail(@Query() query: unknown) {
    return ok(await this.testDevices.detail(parseInput(testDeviceIdQuerySchema, query).id));
  }

  @Permission('testDevice.edit')
  @Post('add')
  @ApiAnswer(testDeviceSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a device of the brand (by SN) to the test group' })
  @ApiBodyFrom(testDeviceInputSchema)
  async add(@Body() body: unknown) {
    return ok(await this.testDevices.add(parseBody(testDeviceInputSchema, body)), 'saved');
  }

  @Permission('testDevice.edit')
  @Post('update')
  @ApiAnswer(testDeviceSchema)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Change a test device (send the version you loaded; 409 when someone saved in between)',
  })
  @ApiBodyFrom(testDeviceUpdateSchema)
  async update(@Body() body: unknown) {
    return ok(await this.testDevices.update(parseBody(testDeviceUpdateSchema, body)), 'saved');
  }
}
