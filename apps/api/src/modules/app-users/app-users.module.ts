import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { AppUsersController } from './app-users.controller.js';
import { AppUsersService } from './app-users.service.js';
import { SearchRecordsController } from './search-records.controller.js';

/**
 * App users and their search records. The tables belong to @kb/devices (app-activity); device-ingest writes what
 * the companion app and the devices report, this module reads it for staff and makes the staff changes.
 */
@Module({
  imports: [JobsModule],
  providers: [AppUsersService],
  controllers: [AppUsersController, SearchRecordsController],
})
export class AppUsersModule {}
