import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import type { EventStore } from '@kb/event-store';
import { readSideHealth, type ReadSideProjection } from '@kb/read-models';
import { EVENT_STORE, PG_POOL, REDIS } from '../../infra/tokens.js';
import { Public } from '../../common/public.decorator.js';

async function probe(check: () => Promise<unknown>): Promise<{ ok: boolean; ms: number; error?: string }> {
  const started = performance.now();
  try {
    await withTimeout(check());
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000))),
  ]).finally(() => clearTimeout(timer));
}

interface ReadSide {
  /** False when a projection is failing or holds parked events (its screens miss some changes). */
  ok: boolean;
  ms: number;
  error?: string;
  projections?: ReadSideProjection[];
}

async function readSide(pool: pg.Pool): Promise<ReadSide> {
  const started = performance.now();
  try {
    const { ok, projections } = await withTimeout(readSideHealth(pool));
    return { ok, ms: Math.round(performance.now() - started), projections };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  @Public()
  @Get('health')
  @ApiOperation({
    summary: 'Postgres, Redis and event store reachability; read models failing or holding parked events',
  })
  async health(@Res({ passthrough: true }) res: Response) {
    const [postgres, redis, eventStore, readModels] = await Promise.all([
      probe(() => this.pool.query('SELECT 1')),
      probe(() => this.redis.ping()),
      probe(() => this.events.headPosition()),
      readSide(this.pool),
    ]);
    const healthy = postgres.ok && redis.ok && eventStore.ok;
    // A read side that is failing or has parked events is "degraded", still 200: the API serves every request
    // (commands are stored, other brands' screens are current), and the cure is in the projector (a fix and
    // `projector replay`), not here. A 503 would make a load balancer take every API instance out of service, or
    // an orchestrator restart them, over one recipe's stale screen. 503 stays for what the API cannot work without.
    res.status(healthy ? 200 : 503);
    return {
      status: healthy ? 200 : 503,
      desc: !healthy ? 'unavailable' : readModels.ok ? 'ok' : 'degraded',
      data: { postgres, redis, eventStore, readModels },
    };
  }

  @Public()
  @Get('public/config')
  @ApiOperation({ summary: 'What the login page shows (company name)' })
  publicConfig() {
    return { status: 200, desc: 'ok', data: { companyName: this.config.COMPANY_NAME ?? null } };
  }
}
