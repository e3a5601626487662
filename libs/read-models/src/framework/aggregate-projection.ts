import type { RecordedEvent } from '@kb/event-store';
import type { Pool, PoolClient } from '@kb/platform';
import { copyRows, CopyRowsEncoder, recordColumns, type RecordColumns } from './copy-rows.js';
import {
  defineProjection,
  type PreparedBatch,
  type Projection,
  type ProjectionContext,
  type ProjectionTable,
} from './projection.js';

/** One aggregate as an aggregate projection carries it: its folded state and who touched it when. */
export interface AggregateRecord<S> {
  id: string;
  brand: string;
  state: S;
  /** Stream position of the last event applied (-1 before the first). */
  revision: number;
  createdAt: string | null;
  createdBy: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
  /** The instants a projection keeps beside the state (`facts` of the definition), ISO strings. */
  facts: Record<string, string | null>;
}

export interface AggregateProjectionDefinition<S, Shown extends S> {
  name: string;
  /** See ProjectionDefinition.version. */
  version: number;
  handles: readonly string[];
  /** Stream ids of the aggregate, the id in the first group: `/^recipe-(<uuid>)$/i`. */
  stream: RegExp;
  /** Key column of both tables (`recipe_id`). */
  key: string;
  /** The detail table: one row per aggregate with its whole state (as json) and revision; its DDL is made here. */
  detail: string;
  /** Extra timestamptz columns of the detail table, carried in `AggregateRecord.facts` (`released_at`). */
  facts?: readonly string[];
  /** The list table, with the columns the screens filter and sort by, written from `listRow`. */
  list: { name: string; create: ProjectionTable['create']; columns: string };
  listRow(record: AggregateRecord<Shown>): object;
  /** The aggregate's state before its first event. */
  initial: S;
  /** The decider's evolve (with the upcast of old event versions). */
  evolve(state: S, event: RecordedEvent): S;
  /**
   * False for a state that is not this aggregate's (a stream of some other tool, or a hand-written test event):
   * it is dropped (back to `initial`) rather than stopping every read model behind it.
   */
  isValid(state: S): boolean;
  /** Shown on the screens: valid and not deleted for good. Others leave both tables; the stream keeps them. */
  isShown(state: S): state is Shown;
  /** Event types that create the aggregate: they set its brand and creation. */
  creates: readonly string[];
  /** Records the facts an event sets (`facts.released_at = at` on a release). */
  note?(event: RecordedEvent, at: string, facts: Record<string, string | null>): void;
}

interface DetailRow {
  id: string;
  brand_owner_code: string;
  /** JSON text. */
  state: string;
  revision: string;
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string;
  [fact: string]: unknown;
}

/** A batch of an aggregate projection: what it changed (for the next batch) and its rows, encoded for COPY. */
interface AggregateBatch<S> extends PreparedBatch {
  records: Map<string, AggregateRecord<S>>;
}

/** An aggregate projection, and how it reads an aggregate id out of a stream id. */
export interface AggregateProjection extends Projection {
  /** The aggregate id of one of its streams (lowercased), or null for any other stream. */
  idOfStream(streamId: string): string | null;
}

/** Records encoded between two yields to the event loop (see `prepare`). */
const ENCODE_SLICE = 100;

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);

/**
 * The read models of an event-sourced aggregate (recipes, APK packages, offline packs): a detail table with the
 * folded state and a list table for the screens, both replaced per aggregate a batch touches. The fold happens in
 * `prepare`, ahead of the batch's transaction (see ProjectionDefinition.prepare), and the rows are written with
 * COPY after deleting the ones they replace: at 100,000 recipes the earlier INSERT … jsonb_to_recordset … ON
 * CONFLICT spent most of its time parsing its JSON parameter.
 */
export function defineAggregateProjection<S extends object, Shown extends S>(
  def: AggregateProjectionDefinition<S, Shown>,
): AggregateProjection {
  const facts = def.facts ?? [];
  // The detail table's columns: [name, type, constraint], for both its DDL and its COPY. The state is stored as
  // the JSON text the projection wrote (its only writer), so the database does not parse it again on every write
  // (100,000 recipes: 2.3 s as json, 1.5 s so); the view readers query shows it as json, parsed per row read.
  const detail: [string, string, string][] = [
    [def.key, 'uuid', 'PRIMARY KEY'],
    ['brand_owner_code', 'text', 'NOT NULL'],
    ['state', 'text', 'COMPRESSION lz4 NOT NULL'],
    ['revision', 'bigint', 'NOT NULL'],
    ['created_at', 'timestamptz', 'NOT NULL'],
    ['created_by', 'text', 'NOT NULL'],
    ['updated_at', 'timestamptz', 'NOT NULL'],
    ['updated_by', 'text', 'NOT NULL'],
    ...facts.map((f): [string, string, string] => [f, 'timestamptz', '']),
  ];
  const detailColumns: RecordColumns = recordColumns(detail.map(([n, t]) => `${n} ${t}`).join(', '));
  const listColumns = recordColumns(def.list.columns);
  const creates = new Set(def.creates);

  const idOf = (streamId: string): string | null => def.stream.exec(streamId)?.[1]?.toLowerCase() ?? null;

  async function load(db: Pool | PoolClient, ctx: ProjectionContext, ids: string[]) {
    const { rows } = await db.query<DetailRow>(
      `SELECT ${def.key}::text AS id, ${detailColumns.names.slice(1).join(', ')}
         FROM ${ctx.table(def.detail)} WHERE ${def.key} = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((r): AggregateRecord<S> => ({
      id: r.id,
      brand: r.brand_owner_code,
      state: JSON.parse(r.state) as S,
      revision: Number(r.revision),
      createdAt: iso(r.created_at),
      createdBy: r.created_by,
      updatedAt: iso(r.updated_at),
      updatedBy: r.updated_by,
      facts: Object.fromEntries(facts.map((f) => [f, iso(r[f])])),
    }));
  }

  function apply(r: AggregateRecord<S>, event: RecordedEvent): void {
    // Exactly-once batches make a repeat impossible; the guard keeps a replayed batch harmless all the same.
    if (Number(event.streamPosition) <= r.revision) return;
    const next = def.evolve(r.state, event);
    r.revision = Number(event.streamPosition);
    if (!def.isValid(next)) {
      r.state = def.initial;
      return;
    }
    const at = event.metadata.occurredAt ?? event.recordedAt.toISOString();
    if (creates.has(event.type)) {
      r.brand = event.metadata.brandOwnerCode;
      r.createdAt = at;
      r.createdBy = event.metadata.actor;
    }
    def.note?.(event, at, r.facts);
    r.updatedAt = at;
    r.updatedBy = event.metadata.actor;
    r.state = next;
  }

  const detailRow = (r: AggregateRecord<S>) => ({
    [def.key]: r.id,
    brand_owner_code: r.brand,
    // Written as its JSON text, made storable by the COPY encoder (see storable.ts).
    state: r.state,
    revision: r.revision,
    created_at: r.createdAt,
    created_by: r.createdBy,
    updated_at: r.updatedAt,
    updated_by: r.updatedBy,
    ...r.facts,
  });

  const projection = defineProjection({
    name: def.name,
    version: def.version,
    handles: def.handles,
    tables: [
      {
        name: def.detail,
        create: (t) => `CREATE TABLE ${t} (${detail.map((c) => c.join(' ').trim()).join(', ')});`,
        view: (t) =>
          `SELECT ${detail.map(([n]) => (n === 'state' ? 'state::json AS state' : n)).join(', ')} FROM ${t}`,
      },
      { name: def.list.name, create: def.list.create },
    ],
    async prepare(events, db, ctx, previous): Promise<AggregateBatch<S>> {
      const carried = (previous as AggregateBatch<S> | undefined)?.records;
      const records = new Map<string, AggregateRecord<S>>();
      // Records the tables may hold (loaded from them, or carried from the previous batch, which wrote them if
      // they were shown then): deleted before the rows are copied again.
      const replaced: string[] = [];
      const missing: string[] = [];
      const seen = new Set<string>();
      const ids = events.map((e) => idOf(e.streamId));
      for (const [i, event] of events.entries()) {
        const id = ids[i]!;
        if (id === null || seen.has(id)) continue;
        seen.add(id);
        // The previous batch's records are not written to any more (its rows are encoded): no copy needed.
        const r = carried?.get(id);
        if (r) {
          records.set(id, r);
          replaced.push(id);
        } else if (event.streamPosition !== 0n) missing.push(id);
        // else the stream starts in this batch: nothing of it can be stored yet (a catch-up skips most reads so).
      }
      if (missing.length > 0) {
        for (const r of await load(db, ctx, missing)) {
          records.set(r.id, r);
          replaced.push(r.id);
        }
      }
      for (const [i, event] of events.entries()) {
        const id = ids[i]!;
        if (id === null) continue;
        let r = records.get(id);
        if (!r) {
          r = {
            id,
            brand: event.metadata.brandOwnerCode,
            state: def.initial,
            revision: -1,
            createdAt: null,
            createdBy: null,
            updatedAt: null,
            updatedBy: null,
            facts: Object.fromEntries(facts.map((f) => [f, null])),
          };
          records.set(id, r);
        }
        apply(r, event);
      }
      const shown = [...records.values()].filter((r): r is AggregateRecord<Shown> => def.isShown(r.state));
      // Encoded a slice at a time, letting the previous batch's statements go out in between: the database
      // writes that batch meanwhile instead of waiting for this one to be ready.
      const details = new CopyRowsEncoder(detailColumns);
      const lists = new CopyRowsEncoder(listColumns);
      for (let i = 0; i < shown.length; i += ENCODE_SLICE) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        const slice = shown.slice(i, i + ENCODE_SLICE);
        details.add(slice.map(detailRow));
        lists.add(slice.map(def.listRow));
      }
      const detailLines = details.buffers();
      const listLines = lists.buffers();
      return {
        records,
        async write(tx) {
          if (replaced.length > 0) {
            await tx.query(
              `WITH listed AS (DELETE FROM ${ctx.table(def.list.name)} WHERE ${def.key} = ANY($1::uuid[]))
               DELETE FROM ${ctx.table(def.detail)} WHERE ${def.key} = ANY($1::uuid[])`,
              [replaced],
            );
          }
          await copyRows(tx, ctx.table(def.detail), detailColumns, detailLines);
          await copyRows(tx, ctx.table(def.list.name), listColumns, listLines);
        },
      };
    },
  });
  return { ...projection, idOfStream: idOf };
}
