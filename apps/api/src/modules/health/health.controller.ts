import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { readSideHealth, type ReadSideProjection } from '@kb/read-models';
import { ReadinessProbe } from '../../infra/observability.js';
import { PG_POOL } from '../../infra/tokens.js';
import { Public } from '../../common/public.decorator.js';
import { healthSchema, publicConfigSchema } from '@kb/contracts';
import { ApiAnswer } from '../../common/openapi.js';
import { probe, withinMs } from '@kb/platform';

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
    const { ok, projections } = await withinMs(readSideHealth(pool));
    return { ok, ms: Math.round(performance.now() - started), projections };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/** Whether an append could take its lock on `events` now, and if not, what holds it. */
interface Appends {
  ok: boolean;
  ms: number;
  error?: string;
}

const LOCK_NOT_AVAILABLE = '55P03';
/** How long the probe waits for the lock appends take: past it, appends are waiting too. */
const APPEND_PROBE_WAIT_MS = 250;

async function appendsProbe(pool: pg.Pool): Promise<Appends> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    return await withinMs(
      (async (): Promise<Appends> => {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          // The lock an INSERT takes (ROW EXCLUSIVE), never granted while someone locks the table against writes.
          await client.query('BEGIN');
          await client.query(`SET LOCAL lock_timeout = ${APPEND_PROBE_WAIT_MS}`);
          await client.query('LOCK TABLE events IN ROW EXCLUSIVE MODE');
          await client.query('ROLLBACK');
          return { ok: true, ms: ms() };
        } catch (error) {
          await client.query('ROLLBACK').catch((e: Error) => (broken = e));
          if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
          return { ok: false, ms: ms(), error: await appendBlocker(pool) };
        } finally {
          client.release(broken);
        }
      })(),
    );
  } catch (error) {
    return { ok: false, ms: ms(), error: (error as Error).message };
  }
}

/** "appends are blocked: a lock on events (ExclusiveLock) held for 12 s", from the lock that keeps writes out. */
async function appendBlocker(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ mode: string; seconds: number | null }>(
    `SELECT l.mode, extract(epoch FROM now() - a.xact_start)::int AS seconds
       FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'relation' AND l.relation = 'events'::regclass AND l.granted
        AND l.mode IN ('ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock')
      ORDER BY a.xact_start LIMIT 1`,
  );
  const holder = rows[0];
  return holder
    ? `appends are blocked: a lock on events (${holder.mode}) held for ${holder.seconds ?? '?'} s`
    : 'appends are blocked: waiting for a lock on events';
}

/** How far each live projection is behind: the age of the oldest event it has not applied yet. */
async function projectionLag(pool: pg.Pool): Promise<{ name: string; lagMs: number; behind: number }[]> {
  const { rows } = await pool.query<{ name: string; lag_ms: number | null; behind: number }>(
    `SELECT v.name,
            (extract(epoch FROM now() - oldest.recorded_at) * 1000)::bigint::float8 AS lag_ms,
            (SELECT count(*)::int FROM (
               SELECT 1 FROM events e
                WHERE (e.transaction_id, e.global_position) > (v.transaction_id::text::xid8, v.global_position)
                LIMIT 10000) n) AS behind
       FROM projection_checkpoints v
       LEFT JOIN LATERAL (
         SELECT e.recorded_at FROM events e
          WHERE (e.transaction_id, e.global_position) > (v.transaction_id::text::xid8, v.global_position)
          ORDER BY e.transaction_id, e.global_position LIMIT 1) oldest ON true
      WHERE v.status = 'live'
      ORDER BY v.name`,
  );
  return rows.map((r) => ({ name: r.name, lagMs: Math.max(0, r.lag_ms ?? 0), behind: r.behind }));
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: ReadinessProbe,
  ) {}

  @Public()
  @Get('health')
  @ApiAnswer(healthSchema)
  @ApiOperation({
    summary:
      'Postgres, Redis and event store reachability; "degraded" with its reasons while appends are blocked, a ' +
      'projection is behind by more than HEALTH_PROJECTION_LAG_MS, failing or holding parked events',
  })
  async health(@Res({ passthrough: true }) res: Response) {
    const needed = this.readiness.dependencies;
    const [postgres, redis, eventStore, appends, readModels, lag] = await Promise.all([
      probe(needed.postgres),
      probe(needed.redis),
      probe(needed.eventStore),
      appendsProbe(this.pool),
      readSide(this.pool),
      withinMs(projectionLag(this.pool)).catch((error: Error) => error),
    ]);
    const healthy = postgres.ok && redis.ok && eventStore.ok;
    const maxLagMs = this.config.HEALTH_PROJECTION_LAG_MS;
    const lagging = lag instanceof Error ? [] : lag.filter((p) => p.lagMs > maxLagMs);
    const reasons = [
      ...(appends.ok ? [] : [appends.error ?? 'appends are blocked']),
      ...(lag instanceof Error ? [`the projections' lag could not be read: ${lag.message}`] : []),
      ...lagging.map(
        (p) =>
          `projection ${p.name} is ${Math.round(p.lagMs / 1000)} s behind (${p.behind} events; the bound is ${Math.round(maxLagMs / 1000)} s)`,
      ),
      ...(readModels.ok ? [] : ['a projection is failing or holds parked events']),
    ];
    // A degraded system is still 200: the API serves every request it can (reads are current for other brands,
    // commands answer 503 while appends are blocked), and the cure is elsewhere (the lock's holder, the projector:
    // a fix and `projector replay`). A 503 would make a load balancer take every API instance out of service, or
    // an orchestrator restart them, over one locked table or one recipe's stale screen. 503 stays for what the
    // API cannot work without.
    res.status(healthy ? 200 : 503);
    return {
      status: healthy ? 200 : 503,
      desc: !healthy ? 'unavailable' : reasons.length ? 'degraded' : 'ok',
      data: {
        postgres,
        redis,
        eventStore: { ...eventStore, appends },
        readModels: { ...readModels, lag: lag instanceof Error ? null : lag, maxLagMs },
        reasons,
      },
    };
  }

  @Public()
  @Get('public/config')
  @ApiAnswer(publicConfigSchema)
  @ApiOperation({ summary: 'What the login page shows (company name)' })
  publicConfig() {
    return { status: 200, desc: 'ok', data: { companyName: this.config.COMPANY_NAME ?? null } };
  }
}
