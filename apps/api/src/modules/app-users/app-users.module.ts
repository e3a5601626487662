import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { AppUsersController } from './app-users.controller.js';
import { AppUsersService } from './app-users.service.js';
import { SearchRecordsController } from './search-records.controller.js';
import { PayingUsersController } from './paying-users.controller.js';
import { PayingUsersService } from './paying-users.service.js';

/**
 * App users, their search records and the paying users. The tables belong to @kb/devices (app-activity); device-ingest writes what
 * the companion app and the devices report, this module reads it for staff and makes the staff changes.
 */
@Module({
  imports: [JobsModule],
  providers: [AppUsersService, PayingUsersService],
  controllers: [AppUsersController, SearchRecordsController, PayingUsersController],
})
export class AppUsersModule {}
