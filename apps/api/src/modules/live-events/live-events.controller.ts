import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Permission } from '../../common/permission.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { LiveEventsService, type LiveEvent } from './live-events.service.js';
import { ApiFileAnswer } from '../../common/openapi.js';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

@ApiTags('live')
@Controller('events')
export class LiveEventsController {
  constructor(
    private readonly live: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Permission('read')
  @Get()
  @ApiFileAnswer('text/event-stream')
  @ApiOperation({
    summary:
      'Server-Sent Events of the caller’s brand: `live` events `{ topic, id }` (device online status, job progress, notice push and receipt counts, APK rollout state) `position` (the id to resume from) and `reset`; resumes after Last-Event-ID (or `lastEventId` in the query)',
  })
  @ApiProduces('text/event-stream')
  async stream(@Req() req: Request, @Res() res: Response) {
    const user = requestContext.user();
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    const write = (event: LiveEvent | 'reset') => {
      if (event === 'reset') res.write('event: reset\ndata: {}\n\n');
      else
        res.write(
          `id: ${event.eventId}\nevent: live\ndata: ${JSON.stringify({ topic: event.topic, id: event.id })}\n\n`,
        );
    };
    // The browser's own reconnect sends the header; a tab taking over the stream from another names it in the query.
    const lastEventId =
      req.header('last-event-id') ??
      (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : null);
    const { missed, position, stop } = await this.live.subscribe(
      { brand: user.brandOwnerCode, role: user.role, send: write },
      lastEventId,
    );
    if (req.destroyed) return stop();
    // Answered once the stream listens: a client that acts after the answer arrives hears what follows.
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    if (missed === 'reset') write('reset');
    else missed.forEach(write);
    // The stream's position, so that even a stream that has heard nothing yet resumes without a gap.
    res.write(`id: ${position}\nevent: position\ndata: {}\n\n`);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    // Ended now and then: the browser reconnects with the last event id, and its session is checked again.
    const renewal = setTimeout(() => res.end(), this.config.LIVE_STREAM_MAX_MS);
    const end = () => {
      clearInterval(heartbeat);
      clearTimeout(renewal);
      stop();
    };
    req.once('close', end);
    res.once('close', end);
  }
}
