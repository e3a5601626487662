import type { RecordedEvent } from '@kb/event-store';
import type { Pool, PoolClient } from '@kb/platform';

/** What a projection sees of its own tables: the physical name of a logical table in the version being written. */
export interface ProjectionContext {
  /** `table('stream_summary')` → `stream_summary_v3`. Safe to splice into SQL (validated identifier). */
  table(name: string): string;
}

export interface ProjectionTable {
  /** Logical name; the API reads it through a view of this name, which points at the live version. */
  name: string;
  /** DDL creating the table (and its indexes) under the physical name `table`, e.g. `CREATE TABLE ${table} (...)`. */
  create(table: string, ctx: ProjectionContext): string;
  /** What the view shows of the physical `table`: a SELECT. Default `SELECT * FROM ${table}`. */
  view?(table: string): string;
}

/** A batch folded ahead of its transaction by a projection's `prepare`. */
export interface PreparedBatch {
  /** Writes what was prepared, inside the transaction that also moves the checkpoint. */
  write(tx: PoolClient): Promise<void>;
}

export interface ProjectionDefinition {
  /** Lowercase identifier, unique across projections. */
  name: string;
  /**
   * Version of the projection's code and tables. Bump it when the tables or the meaning of `project` change:
   * `projector run` then builds the new version beside the live one and switches when it has caught up.
   */
  version: number;
  /** Event types this projection reads, or '*' for all. Other events still move its checkpoint. */
  handles: readonly string[] | '*';
  tables: readonly ProjectionTable[];
  /**
   * false: the projection needs only who, when and which stream of its events, so they are read without their
   * payloads (`data` is null). Default true.
   */
  readsData?: boolean;
  /**
   * Applies a batch of events, in global order, inside the transaction that also moves the checkpoint.
   * Write only through `tx` and only to `ctx.table(...)`; throwing rolls the whole batch back.
   */
  project?(events: RecordedEvent[], tx: PoolClient, ctx: ProjectionContext): Promise<void>;
  /**
   * Optional, instead of `project`: the batch folded and encoded ahead of its transaction, so that while the
   * database writes batch k the projector already prepares batch k+1 (a catch-up keeps both busy). `db` reads
   * committed rows; `previous` is the batch prepared just before this one, which may not be committed yet: the
   * records it changed must be taken from it, not from `db`. Runs again from scratch after a failed batch.
   */
  prepare?(
    events: RecordedEvent[],
    db: Pool | PoolClient,
    ctx: ProjectionContext,
    previous: PreparedBatch | undefined,
  ): Promise<PreparedBatch>;
}

export interface Projection extends ProjectionDefinition {
  project(events: RecordedEvent[], tx: PoolClient, ctx: ProjectionContext): Promise<void>;
  /** True when the projection wants this event type. */
  wants(eventType: string): boolean;
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
// Postgres truncates identifiers at 63 bytes; leave room for `_v<version>` and generated index names.
const MAX_NAME = 40;

function checkIdentifier(kind: string, value: string): void {
  if (!IDENTIFIER.test(value) || value.length > MAX_NAME) {
    throw new Error(
      `${kind} "${value}" must match ${String(IDENTIFIER)} and be at most ${MAX_NAME} characters`,
    );
  }
}

export function defineProjection(definition: ProjectionDefinition): Projection {
  checkIdentifier('Projection name', definition.name);
  if (!Number.isInteger(definition.version) || definition.version < 1) {
    throw new Error(`Projection ${definition.name}: version must be a positive integer`);
  }
  if (definition.tables.length === 0) throw new Error(`Projection ${definition.name}: declares no tables`);
  const seen = new Set<string>();
  for (const t of definition.tables) {
    checkIdentifier(`Projection ${definition.name}: table`, t.name);
    if (seen.has(t.name)) throw new Error(`Projection ${definition.name}: table ${t.name} declared twice`);
    seen.add(t.name);
  }
  const all = definition.handles === '*' || definition.handles.includes('*');
  const types = new Set(definition.handles === '*' ? [] : definition.handles);
  const { prepare, project } = definition;
  if (!project && !prepare) throw new Error(`Projection ${definition.name}: needs project or prepare`);
  return {
    ...definition,
    wants: (eventType) => all || types.has(eventType),
    project:
      project ??
      (async (events, tx, ctx) => {
        const prepared = await prepare!(events, tx, ctx, undefined);
        await prepared.write(tx);
      }),
  };
}

/** Physical name of a logical table in one built version of its projection. */
export function physicalTable(table: string, version: number): string {
  return `${table}_v${version}`;
}

export function contextFor(projection: ProjectionDefinition, version: number): ProjectionContext {
  const names = new Set(projection.tables.map((t) => t.name));
  return {
    table(name) {
      if (!names.has(name))
        throw new Error(`Projection ${projection.name} does not own a table named ${name}`);
      return physicalTable(name, version);
    },
  };
}

/** Checks a list of projections can live together: unique names, no table owned by two projections. */
export function checkRegistry(projections: readonly ProjectionDefinition[]): void {
  const names = new Set<string>();
  const tables = new Map<string, string>();
  for (const p of projections) {
    if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
    names.add(p.name);
    for (const t of p.tables) {
      const owner = tables.get(t.name);
      if (owner) throw new Error(`Table ${t.name} is owned by both ${owner} and ${p.name}`);
      tables.set(t.name, p.name);
    }
  }
}
