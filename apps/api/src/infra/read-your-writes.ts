import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type GlobalPosition } from '@kb/event-store';
import { allProjections, waitForProjection } from '@kb/read-models';
import { APP_CONFIG, type AppConfig } from '../config.js';
import { PG_POOL } from './tokens.js';

/** Header a command answer carries and a later query may send back: "<transactionId>.<globalPosition>". */
export const READ_POSITION_HEADER = 'x-read-position';
/** Answer header of a query that waited: whether the read models reached the position in time. */
export const READ_POSITION_REACHED_HEADER = 'x-read-position-reached';

export function formatPosition(p: GlobalPosition): string {
  return `${p.transactionId}.${p.globalPosition}`;
}

export function parsePosition(text: string | undefined): GlobalPosition | null {
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(text ?? '');
  return m ? { transactionId: BigInt(m[1]!), globalPosition: BigInt(m[2]!) } : null;
}

/**
 * Read-your-writes for screens: a command answers the global position it appended; a query that sends it
 * back waits (at most READ_WAIT_MS) until every read model has applied it, so the user sees their change.
 */
@Injectable()
export class ReadYourWrites {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async waitFor(
    position: GlobalPosition,
    names: readonly string[] = allProjections.map((p) => p.name),
  ): Promise<boolean> {
    const deadline = Date.now() + this.config.READ_WAIT_MS;
    for (const name of names) {
      const left = Math.max(0, deadline - Date.now());
      if (!(await waitForProjection(this.pool, name, position, { timeoutMs: left }))) return false;
    }
    return true;
  }
}
