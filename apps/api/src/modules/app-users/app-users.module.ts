import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { AppUsersController } from './app-users.controller.js';
import { AppUsersService } from './app-users.service.js';
import { SearchRecordsController } from './search-records.controller.js';
import { PayingUsersController } from './paying-users.controller.js';
import { PayingUsersService } from './paying-users.service.js';
import { PAYING_USER_API_MESSAGES } from './paying-users-api.messages.js';
import { APP_USER_API_MESSAGES } from './app-users-api.messages.js';
import { registerMessages } from '../../common/messages.js';
// The list's export declaration (the list kit's ListExports writes its file).

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(APP_USER_API_MESSAGES);
registerMessages(PAYING_USER_API_MESSAGES);

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
