import { Module } from '@nestjs/common';
import { LiveAnnouncer } from './live-announcer.js';
import { LiveEventsController } from './live-events.controller.js';
import { LiveEventsService } from './live-events.service.js';

/**
 * `GET /api/events`: the screens' live facts, heard from the database (LISTEN) and streamed per brand.
 * `LiveAnnouncer`: how a command path says a record changed where no table trigger can.
 */
@Module({
  providers: [LiveEventsService, LiveAnnouncer],
  controllers: [LiveEventsController],
  exports: [LiveAnnouncer],
})
export class LiveEventsModule {}
