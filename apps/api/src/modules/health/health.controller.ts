import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import type { EventStore } from '@kb/event-store';
import { EVENT_STORE, PG_POOL, REDIS } from '../../infra/tokens.js';
import { Public } from '../../common/public.decorator.js';

async function probe(check: () => Promise<unknown>): Promise<{ ok: boolean; ms: number; error?: string }> {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
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
  @ApiOperation({ summary: 'Postgres, Redis and event store reachability' })
  async health(@Res({ passthrough: true }) res: Response) {
    const [postgres, redis, eventStore] = await Promise.all([
      probe(() => this.pool.query('SELECT 1')),
      probe(() => this.redis.ping()),
      probe(() => this.events.headPosition()),
    ]);
    const healthy = postgres.ok && redis.ok && eventStore.ok;
    res.status(healthy ? 200 : 503);
    return {
      status: healthy ? 200 : 503,
      desc: healthy ? 'ok' : 'unavailable',
      data: { postgres, redis, eventStore },
    };
  }

  @Public()
  @Get('public/config')
  @ApiOperation({ summary: 'What the login page shows (company name)' })
  publicConfig() {
    return { status: 200, desc: 'ok', data: { companyName: this.config.COMPANY_NAME ?? null } };
  }
}
