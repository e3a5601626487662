import { Module } from '@nestjs/common';
import { referenceEntityController } from '../../common/reference-entity/reference-entity.controller.js';
import { ReferenceEntityService } from '../../common/reference-entity/reference-entity.service.js';
import { DeviceHistoryMaintenance } from './device-history.maintenance.js';
import { DeviceFaultLogsController } from './device-fault-logs.controller.js';
import { DeviceFaultLogsService } from './device-fault-logs.service.js';
import { DevicesController } from './devices.controller.js';
import { DevicesService } from './devices.service.js';
import { faultTypeEntity } from './fault-type.entity.js';
import { TestDevicesController } from './test-devices.controller.js';
import { TestDevicesService } from './test-devices.service.js';
import { DEVICE_API_MESSAGES } from './device-api.messages.js';
import { registerMessages } from '../../common/messages.js';
// The list's export declaration (the list kit's ListExports writes its file).

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(DEVICE_API_MESSAGES);

/**
 * Devices, fault records and the test device group. The tables belong to @kb/devices; device-ingest
 * writes what devices report, this module reads it for staff and makes the few staff changes.
 */
@Module({
  providers: [
    DevicesService,
    TestDevicesService,
    DeviceFaultLogsService,
    ReferenceEntityService,
    DeviceHistoryMaintenance,
  ],
  controllers: [
    DevicesController,
    TestDevicesController,
    DeviceFaultLogsController,
    referenceEntityController(faultTypeEntity as never),
  ],
})
export class DevicesModule {}
