import type pg from 'pg';

/**
 * The device history tables, partitioned by time (see the time-partitions migration), and how long each keeps
 * rows unless a brand chose otherwise (`device_brand_settings.<retentionColumn>`, in days).
 *
 * Partitions are shared by all brands. A partition is dropped whole once its newest possible row is past every
 * brand's retention; a brand that keeps less than the longest retention has its older rows deleted from the
 * remaining partitions in statements of a bounded block range (a TID range scan, no index needed). With every
 * brand on the default (the common case) retention is only ever dropping partitions.
 */
export const DEVICE_HISTORY_TABLES = [
  {
    table: 'device_telemetry',
    column: 'sampled_at',
    step: 'day',
    ahead: 7,
    retentionColumn: 'telemetry_retention_days',
    defaultRetentionDays: 90,
  },
  {
    table: 'device_faults',
    column: 'reported_at',
    step: 'week',
    ahead: 4,
    retentionColumn: 'fault_retention_days',
    defaultRetentionDays: 365,
  },
  {
    table: 'device_telemetry_hourly',
    column: 'hour',
    step: 'month',
    ahead: 2,
    retentionColumn: 'rollup_retention_days',
    defaultRetentionDays: 730,
  },
] as const;

export type DeviceHistoryTable = (typeof DEVICE_HISTORY_TABLES)[number];

/** Blocks (8 KiB pages) one retention delete statement covers: 1,000 blocks is at most ~8 MB of rows. */
const DELETE_BLOCKS = 1000;

export interface DeviceHistoryReport {
  created: string[];
  dropped: string[];
  deleted: number;
  /** False when another process holds the maintenance lock (it is doing the work). */
  ran: boolean;
}

export interface PartitionInfo {
  name: string;
  /** Bounds in ms since the epoch; null for MINVALUE, or both null for the default partition. */
  from: number | null;
  to: number | null;
  isDefault: boolean;
  bytes: number;
  rows: number;
}

function boundOf(text: string | undefined): number | null {
  if (!text || text === 'MINVALUE' || text === 'MAXVALUE') return null;
  return Date.parse(
    text
      .replace(/^'|'$/g, '')
      .replace(' ', 'T')
      .replace(/([+-]\d\d)$/, '$1:00'),
  );
}

/** The partitions of one history table with their bounds, size on disk and estimated rows (oldest first). */
export async function listPartitions(db: pg.Pool | pg.PoolClient, table: string): Promise<PartitionInfo[]> {
  const { rows } = await db.query<{ name: string; bound: string; bytes: string; rows: string }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound,
            pg_total_relation_size(c.oid) AS bytes, greatest(c.reltuples, 0)::bigint AS rows
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1::regclass`,
    [table],
  );
  return rows
    .map((r) => {
      const m = /FROM \((.+?)\) TO \((.+?)\)/.exec(r.bound);
      return {
        name: r.name,
        from: boundOf(m?.[1]),
        to: boundOf(m?.[2]),
        isDefault: r.bound === 'DEFAULT',
        bytes: Number(r.bytes),
        rows: Number(r.rows),
      };
    })
    .sort((a, b) => (a.to ?? Infinity) - (b.to ?? Infinity));
}

/** Makes sure the partitions of the current step and `ahead` steps after it exist; answers those created. */
async function createAhead(c: pg.PoolClient, t: DeviceHistoryTable, now: Date): Promise<string[]> {
  const { rows } = await c.query<{ lo: Date }>(
    `SELECT lo FROM (
       SELECT date_trunc($2, $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + (i || ' ' || $2)::interval AS lo
         FROM generate_series(0, $3::int) i) s
      WHERE time_partition_create($4, lo, lo + ('1 ' || $2)::interval)`,
    [now, t.step, t.ahead, t.table],
  );
  return rows.map((r) => `${t.table}_p${r.lo.toISOString().slice(0, 10).replace(/-/g, '')}`);
}

/** Each brand's retention of this table in days, and the days for brands that did not choose. */
async function retentions(c: pg.PoolClient, t: DeviceHistoryTable) {
  const { rows } = await c.query<{ brand_owner_code: string; days: number }>(
    `SELECT brand_owner_code, ${t.retentionColumn} AS days FROM device_brand_settings
      WHERE ${t.retentionColumn} IS NOT NULL`,
  );
  return rows;
}

async function applyRetention(
  c: pg.PoolClient,
  t: DeviceHistoryTable,
  now: Date,
): Promise<{ dropped: string[]; deleted: number }> {
  const brands = await retentions(c, t);
  const day = 86_400_000;
  const allDays = [t.defaultRetentionDays, ...brands.map((b) => b.days)];
  const dropBefore = now.getTime() - Math.max(...allDays) * day;
  const shortestCutoff = now.getTime() - Math.min(...allDays) * day;
  const dropped: string[] = [];
  let deleted = 0;
  for (const p of await listPartitions(c, t.table)) {
    if (!p.isDefault && p.to !== null && p.to <= dropBefore) {
      // A short lock wait: a partition that cannot be dropped now is dropped on the next run.
      await c.query('BEGIN');
      try {
        await c.query(`SET LOCAL lock_timeout = '3s'`);
        await c.query(`DROP TABLE ${c.escapeIdentifier(p.name)}`);
        await c.query('COMMIT');
        dropped.push(p.name);
      } catch {
        await c.query('ROLLBACK');
      }
      continue;
    }
    // Rows some brand no longer keeps: in the default partition any, elsewhere only where the partition
    // starts before the shortest retention's cutoff.
    if (!p.isDefault && (p.from ?? -Infinity) >= shortestCutoff) continue;
    if (!p.isDefault && Math.min(...allDays) === Math.max(...allDays)) continue;
    deleted += await deleteExpired(c, t, p.name, brands, now);
  }
  return { dropped, deleted };
}

/** Deletes the rows of one partition past their brand's retention, a block range per statement. */
async function deleteExpired(
  c: pg.PoolClient,
  t: DeviceHistoryTable,
  partition: string,
  brands: { brand_owner_code: string; days: number }[],
  now: Date,
): Promise<number> {
  const {
    rows: [size],
  } = await c.query<{ blocks: string }>(`SELECT pg_relation_size($1::regclass) / 8192 AS blocks`, [
    partition,
  ]);
  const blocks = Number(size?.blocks ?? 0);
  const cutoff = (days: number) => new Date(now.getTime() - days * 86_400_000);
  let deleted = 0;
  for (let from = 0; from < blocks; from += DELETE_BLOCKS) {
    const { rowCount } = await c.query(
      `DELETE FROM ONLY ${c.escapeIdentifier(partition)} t
        WHERE t.ctid >= $1::tid AND t.ctid < $2::tid
          AND t.${t.column} < coalesce(($3::timestamptz[])[array_position($4::text[], t.brand_owner_code)], $5)`,
      [
        `(${from},0)`,
        `(${from + DELETE_BLOCKS},0)`,
        brands.map((b) => cutoff(b.days)),
        brands.map((b) => b.brand_owner_code),
        cutoff(t.defaultRetentionDays),
      ],
    );
    deleted += rowCount ?? 0;
  }
  return deleted;
}

const MAINTENANCE_LOCK = 'device-history-maintenance';

/**
 * The scheduled upkeep of the device history: partitions created ahead, retention applied. One process at a
 * time (an advisory lock; others answer ran: false at once). Statements run outside the caller's request
 * timeouts.
 */
export async function maintainDeviceHistory(
  pool: pg.Pool,
  options: { now?: Date } = {},
): Promise<DeviceHistoryReport> {
  const now = options.now ?? new Date();
  const c = await pool.connect();
  c.on('error', () => undefined);
  const report: DeviceHistoryReport = { created: [], dropped: [], deleted: 0, ran: false };
  try {
    const {
      rows: [lock],
    } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [MAINTENANCE_LOCK]);
    if (!lock?.ok) return report;
    report.ran = true;
    try {
      await c.query(`SET statement_timeout = '10min'`);
      for (const t of DEVICE_HISTORY_TABLES) {
        report.created.push(...(await createAhead(c, t, now)));
        const r = await applyRetention(c, t, now);
        report.dropped.push(...r.dropped);
        report.deleted += r.deleted;
      }
    } finally {
      await c.query('RESET statement_timeout');
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [MAINTENANCE_LOCK]);
    }
    return report;
  } finally {
    c.release();
  }
}
