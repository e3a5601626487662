import { Module } from '@nestjs/common';
import { DeviceFaultLogsController } from './device-fault-logs.controller.js';
import { DeviceFaultLogsService } from './device-fault-logs.service.js';
import { DevicesController } from './devices.controller.js';
import { DevicesService } from './devices.service.js';
import { TestDevicesController } from './test-devices.controller.js';
import { TestDevicesService } from './test-devices.service.js';

/**
 * Devices, fault records and the test device group (issue 7). The tables belong to @kb/devices; device-ingest
 * writes what devices report, this module reads it for staff and makes the few staff changes.
 */
@Module({
  providers: [DevicesService, TestDevicesService, DeviceFaultLogsService],
  controllers: [DevicesController, TestDevicesController, DeviceFaultLogsController],
})
export class DevicesModule {}
