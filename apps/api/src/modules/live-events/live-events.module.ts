import { Module } from '@nestjs/common';
import { LiveEventsController } from './live-events.controller.js';
import { LiveEventsService } from './live-events.service.js';

/** `GET /api/events`: the screens' live facts, heard from the database (LISTEN) and streamed per brand. */
@Module({ providers: [LiveEventsService], controllers: [LiveEventsController] })
export class LiveEventsModule {}
