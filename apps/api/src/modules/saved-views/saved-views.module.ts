import { Module } from '@nestjs/common';
import { registerMessages } from '../../common/messages.js';
import { SAVED_VIEW_API_MESSAGES } from './saved-views-api.messages.js';
import { SavedViewsController } from './saved-views.controller.js';
import { SavedViewsService } from './saved-views.service.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(SAVED_VIEW_API_MESSAGES);

/** Saved list views of the staff (every list screen's view picker). */
@Module({
  providers: [SavedViewsService],
  controllers: [SavedViewsController],
})
export class SavedViewsModule {}
