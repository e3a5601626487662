import { comparePositions, type GlobalPosition } from '@kb/event-store';
import type { Pool, PoolClient } from '@kb/platform';
import { withTransaction } from '@kb/platform/db';
import { contextFor, physicalTable, type ProjectionDefinition } from './projection.js';
import { lockSetup } from './locks.js';

export type VersionStatus = 'live' | 'building';

/** One built version of a projection: its tables `<table>_v<version>` and its checkpoint. */
export interface ProjectionVersion {
  name: string;
  version: number;
  /** `ProjectionDefinition.version` of the code that built it. */
  definitionVersion: number;
  status: VersionStatus;
  checkpoint: GlobalPosition;
  createdAt: Date;
  updatedAt: Date;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** Set by `projector replay` for the process running this version: replay its parked events. */
  replayRequestedAt: Date | null;
}

type Db = Pool | PoolClient;

interface Row {
  name: string;
  version: number;
  definition_version: number;
  status: VersionStatus;
  transaction_id: string;
  global_position: string;
  created_at: Date;
  updated_at: Date;
  last_error: string | null;
  last_error_at: Date | null;
  replay_requested_at: Date | null;
}

const COLUMNS = `name, version, definition_version, status, transaction_id, global_position, created_at, updated_at,
  last_error, last_error_at, replay_requested_at`;

function fromRow(r: Row): ProjectionVersion {
  return {
    name: r.name,
    version: r.version,
    definitionVersion: r.definition_version,
    status: r.status,
    checkpoint: { transactionId: BigInt(r.transaction_id), globalPosition: BigInt(r.global_position) },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastError: r.last_error,
    lastErrorAt: r.last_error_at,
    replayRequestedAt: r.replay_requested_at,
  };
}

export async function readVersions(db: Db, name?: string): Promise<ProjectionVersion[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM projection_checkpoints WHERE $1::text IS NULL OR name = $1 ORDER BY name, version`,
    [name ?? null],
  );
  return rows.map(fromRow);
}

export async function readVersion(db: Db, name: string, version: number): Promise<ProjectionVersion | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM projection_checkpoints WHERE name = $1 AND version = $2`,
    [name, version],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The live version's checkpoint: what the API can read now. Null before the projection was ever set up. */
export async function liveCheckpoint(db: Db, name: string): Promise<GlobalPosition | null> {
  const live = (await readVersions(db, name)).find((v) => v.status === 'live');
  return live ? live.checkpoint : null;
}

async function pointViews(tx: PoolClient, projection: ProjectionDefinition, version: number): Promise<void> {
  for (const t of projection.tables) {
    await tx.query(`DROP VIEW IF EXISTS ${t.name}`);
    const table = physicalTable(t.name, version);
    await tx.query(`CREATE VIEW ${t.name} AS ${t.view?.(table) ?? `SELECT * FROM ${table}`}`);
  }
}

async function dropTables(tx: PoolClient, projection: ProjectionDefinition, version: number): Promise<void> {
  for (const t of projection.tables) await tx.query(`DROP TABLE IF EXISTS ${physicalTable(t.name, version)}`);
}

/**
 * Creates, in one transaction, a new version's tables and its checkpoint at the start of the log. A `live`
 * version also gets the views (only when the projection has no live version yet). When `beforeCommit` is given it
 * runs inside the transaction with the new version number (used to take the version's run lock atomically).
 */
export async function createVersion(
  pool: Pool,
  projection: ProjectionDefinition,
  status: VersionStatus,
  beforeCommit?: (version: number) => Promise<void>,
): Promise<ProjectionVersion> {
  return withTransaction(pool, async (tx) => {
    await lockSetup(tx, projection.name);
    const existing = await readVersions(tx, projection.name);
    if (status === 'live' && existing.some((v) => v.status === 'live')) {
      throw new Error(`Projection ${projection.name} already has a live version`);
    }
    const version = Math.max(0, ...existing.map((v) => v.version)) + 1;
    const ctx = contextFor(projection, version);
    for (const t of projection.tables) await tx.query(t.create(physicalTable(t.name, version), ctx));
    if (status === 'live') await pointViews(tx, projection, version);
    const { rows } = await tx.query<Row>(
      `INSERT INTO projection_checkpoints (name, version, definition_version, status) VALUES ($1, $2, $3, $4)
       RETURNING ${COLUMNS}`,
      [projection.name, version, projection.version, status],
    );
    if (beforeCommit) await beforeCommit(version);
    return fromRow(rows[0] as Row);
  });
}

/**
 * Makes sure each projection has a live version (tables and views), creating an empty one where missing.
 * Safe to call from several processes at once (the API at boot, the projector).
 */
export async function ensureLiveVersions(
  pool: Pool,
  projections: readonly ProjectionDefinition[],
): Promise<void> {
  for (const p of projections) {
    const hasLive = (await readVersions(pool, p.name)).some((v) => v.status === 'live');
    if (hasLive) continue;
    try {
      await createVersion(pool, p, 'live');
    } catch (error) {
      // Another process created it between our read and our transaction.
      if (!(await readVersions(pool, p.name)).some((v) => v.status === 'live')) throw error;
    }
  }
}

/** Drops a building version's tables and checkpoint. The caller holds its run lock. */
export async function dropBuildingVersion(
  pool: Pool,
  projection: ProjectionDefinition,
  version: number,
): Promise<void> {
  await withTransaction(pool, async (tx) => {
    await lockSetup(tx, projection.name);
    const row = await readVersion(tx, projection.name, version);
    if (!row) return;
    if (row.status !== 'building')
      throw new Error(`Projection ${projection.name} v${version} is live; not dropping it`);
    await dropTables(tx, projection, version);
    await tx.query('DELETE FROM projection_checkpoints WHERE name = $1 AND version = $2', [
      projection.name,
      version,
    ]);
  });
}

/** `behind`: the live version is further along; `busy`: a long query held the views past the lock timeout. */
export type SwitchOutcome = 'switched' | 'behind' | 'busy' | 'gone';

const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Points the views at a building version and drops the old live version, in one transaction, provided the
 * building version has got at least as far as the live one (so readers never see the model go back in time).
 *
 * Lock order matters: readers lock a view and then its table, projection batches lock tables and then their
 * checkpoint row. The switch takes the views (and through them the live tables) first and the checkpoint rows
 * last, the same order, so it queues behind readers and batches instead of deadlocking with them.
 * While it waits for a lock, new readers queue behind it; so it gives up after `lockTimeoutMs` (a long report
 * query is running) and answers `busy`, to be tried again a moment later.
 */
export async function switchToVersion(
  pool: Pool,
  projection: ProjectionDefinition,
  version: number,
  options: { lockTimeoutMs?: number } = {},
): Promise<SwitchOutcome> {
  try {
    return await switchInTransaction(pool, projection, version, options.lockTimeoutMs ?? 2000);
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return 'busy';
    throw error;
  }
}

async function switchInTransaction(
  pool: Pool,
  projection: ProjectionDefinition,
  version: number,
  lockTimeoutMs: number,
): Promise<SwitchOutcome> {
  return withTransaction(pool, async (tx) => {
    await lockSetup(tx, projection.name);
    await tx.query(`SELECT set_config('lock_timeout', $1, true)`, [`${lockTimeoutMs}ms`]);
    const { rows: views } = await tx.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c
        WHERE c.relkind = 'v' AND c.relname = ANY($1::text[]) AND pg_table_is_visible(c.oid)`,
      [projection.tables.map((t) => t.name)],
    );
    if (views.length > 0)
      await tx.query(`LOCK TABLE ${views.map((v) => v.name).join(', ')} IN ACCESS EXCLUSIVE MODE`);
    const { rows } = await tx.query<Row>(
      `SELECT ${COLUMNS} FROM projection_checkpoints WHERE name = $1 ORDER BY version FOR UPDATE`,
      [projection.name],
    );
    const all = rows.map(fromRow);
    const target = all.find((v) => v.version === version);
    if (!target) return 'gone';
    if (target.status === 'live') return 'switched';
    const live = all.find((v) => v.status === 'live');
    if (live && comparePositions(target.checkpoint, live.checkpoint) < 0) return 'behind';
    await pointViews(tx, projection, version);
    if (live) {
      await dropTables(tx, projection, live.version);
      await tx.query('DELETE FROM projection_checkpoints WHERE name = $1 AND version = $2', [
        projection.name,
        live.version,
      ]);
    }
    await tx.query(
      `UPDATE projection_checkpoints SET status = 'live', updated_at = now() WHERE name = $1 AND version = $2`,
      [projection.name, version],
    );
    return 'switched';
  });
}
