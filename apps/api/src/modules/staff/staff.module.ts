import { Module } from '@nestjs/common';
import { registerMessages } from '../../common/messages.js';
import { Mailer } from '../accounts/mailer.js';
import { STAFF_API_MESSAGES } from './staff-api.messages.js';
import { StaffController } from './staff.controller.js';
import { StaffService } from './staff.service.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(STAFF_API_MESSAGES);

/** A brand's staff accounts, managed by its admins (the operator's CLI shares staff-accounts.ts). */
@Module({
  providers: [StaffService, Mailer],
  controllers: [StaffController],
})
export class StaffModule {}
