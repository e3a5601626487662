import { Inject, Injectable, Logger } from '@nestjs/common';
import type pg from 'pg';
import type { GlobalPosition } from '@kb/event-store';
import { waitForProjection } from '@kb/read-models';
import { PG_POOL } from '../../infra/tokens.js';
import { LIVE_CHANNEL } from './live-events.migrations.js';
import type { LiveTopic } from './live-events.service.js';

/** How long an announcement waits for the read model to show the change before it is sent anyway. */
const PROJECTION_WAIT_MS = 10_000;
/** How often it looks: a screen a tenth of a second late is fine, and the pool is spared. */
const PROJECTION_POLL_MS = 100;

/**
 * Says on `kb_live` that a record changed where no table trigger can: an event-sourced record's read model is
 * rebuilt into new tables now and then, so its change is announced by the command path that appended it, once the
 * projection has reached the append (the screen that asks again then sees it). Every API process hears it.
 */
@Injectable()
export class LiveAnnouncer {
  private readonly logger = new Logger('LiveAnnouncer');

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** Announces `topic` `id` of `brand` once projection `projection` has reached `position`; never throws. */
  announceWhenProjected(
    fact: { brand: string; topic: LiveTopic; id: string },
    projection: string,
    position: GlobalPosition,
  ): void {
    void waitForProjection(this.pool, projection, position, {
      timeoutMs: PROJECTION_WAIT_MS,
      pollMs: PROJECTION_POLL_MS,
    })
      .then(() =>
        this.pool.query('SELECT pg_notify($1, $2)', [
          LIVE_CHANNEL,
          JSON.stringify({ brand: fact.brand, topic: fact.topic, id: fact.id }),
        ]),
      )
      .catch((error: Error) =>
        this.logger.warn(`live announcement of ${fact.topic} ${fact.id}: ${error.message}`),
      );
  }
}
