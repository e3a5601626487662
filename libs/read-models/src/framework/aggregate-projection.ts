import { jsonTextOf, type RecordedEvent } from '@kb/event-store';
import type { Pool, PoolClient } from '@kb/platform';
import { copyRows, CopyRowsEncoder, recordColumns, type RecordColumns } from './copy-rows.js';
import {
  FoldThread,
  foldsInThread,
  FoldThreadError,
  type AggregateRecord,
  type FoldRequest,
  type FoldResult,
  type LoadedRecord,
} from './fold-thread.js';
import {
  defineProjection,
  type PreparedBatch,
  type Projection,
  type ProjectionContext,
  type ProjectionTable,
} from './projection.js';

export type { AggregateRecord };

/**
 * An event as a batch carries it to the fold (fold-thread.ts): its type, payload, metadata, stream position and
 * time, without its event id, stream id or global position, which the fold does not send.
 */
export type FoldedEvent = Pick<RecordedEvent, 'type' | 'data' | 'metadata' | 'streamPosition' | 'recordedAt'>;

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
  evolve: (state: S, event: FoldedEvent) => S;
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
  note?: (event: FoldedEvent, at: string, facts: Record<string, string | null>) => void;
  /**
   * true: the batches are folded and encoded in the process's fold thread (fold-thread.ts) when the process asks
   * for one (`useFoldThread`), for a projection whose fold is most of a catch-up's work; it must be in the registry
   * (`allProjections`), where the thread finds it.
   */
  foldThread?: boolean;
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

/**
 * A batch of an aggregate projection: its number, the aggregates it touched (their records are kept where it was
 * folded, for the next batch) and the rows, encoded for COPY.
 */
interface AggregateBatch extends PreparedBatch {
  batch: number;
  ids: Set<string>;
}

/** An aggregate projection, and how it reads an aggregate id out of a stream id. */
export interface AggregateProjection extends Projection {
  /** The aggregate id of one of its streams (lowercased), or null for any other stream. */
  idOfStream(streamId: string): string | null;
  /** Folds and encodes one batch given as text (fold-thread.ts); run in the fold thread or, without one, here. */
  foldText(request: FoldRequest): FoldResult;
}

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

  /** The stored records of `ids`, their states as the JSON text stored (parsed where the batch is folded). */
  async function load(db: Pool | PoolClient, ctx: ProjectionContext, ids: string[]): Promise<LoadedRecord[]> {
    const { rows } = await db.query<DetailRow>(
      `SELECT ${def.key}::text AS id, ${detailColumns.names.slice(1).join(', ')}
         FROM ${ctx.table(def.detail)} WHERE ${def.key} = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((r) => ({
      id: r.id,
      brand: r.brand_owner_code,
      state: r.state,
      revision: Number(r.revision),
      createdAt: iso(r.created_at),
      createdBy: r.created_by,
      updatedAt: iso(r.updated_at),
      updatedBy: r.updated_by,
      facts: Object.fromEntries(facts.map((f) => [f, iso(r[f])])),
    }));
  }

  function apply(r: AggregateRecord<S>, event: FoldedEvent): void {
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

  /** The records of each version's last batch folded here (in this thread), which the next batch folds on. */
  const lastBatches = new Map<string, { batch: number; records: Map<string, AggregateRecord<S>> }>();

  /** Folds a batch given as text and encodes the rows of its shown records (see fold-thread.ts). */
  function foldText(request: FoldRequest): FoldResult {
    let carried: Map<string, AggregateRecord<S>> | undefined;
    if (request.previous !== null) {
      const last = lastBatches.get(request.key);
      if (last?.batch !== request.previous)
        throw new FoldThreadError(`${def.name}: the batch to fold on (${request.previous}) is not kept here`);
      carried = last.records;
    }
    lastBatches.delete(request.key);
    const records = new Map<string, AggregateRecord<S>>();
    for (const r of request.loaded) records.set(r.id, { ...r, state: JSON.parse(r.state) as S });
    const { ids, streamPositions, types, recordedAt, metadata, data } = request.events;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const event: FoldedEvent = {
        type: types[i]!,
        data: JSON.parse(data[i]!) as unknown,
        metadata: JSON.parse(metadata[i]!) as RecordedEvent['metadata'],
        streamPosition: BigInt(streamPositions[i]!),
        recordedAt: new Date(recordedAt[i]!),
      };
      let r = records.get(id);
      if (!r) {
        // The previous batch's records are not written to any more (its rows are encoded): no copy needed.
        r = carried?.get(id) ?? {
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
    lastBatches.set(request.key, { batch: request.batch, records });
    const details = new CopyRowsEncoder(detailColumns);
    const lists = new CopyRowsEncoder(listColumns);
    for (const r of records.values()) {
      if (!def.isShown(r.state)) continue;
      const shown = r as AggregateRecord<Shown>;
      details.add([detailRow(shown)]);
      lists.add([def.listRow(shown)]);
    }
    return { detail: details.buffers(), list: lists.buffers() };
  }

  // Started at its first batch, only where the process asked for it (useFoldThread).
  const thread = def.foldThread ? new FoldThread() : undefined;
  let batches = 0;

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
    async prepare(events, db, ctx, previous): Promise<AggregateBatch> {
      const before = previous as AggregateBatch | undefined;
      const ids = new Set<string>();
      // Records the tables may hold (loaded from them, or carried from the previous batch, which wrote them if
      // they were shown then): deleted before the rows are copied again.
      const replaced: string[] = [];
      const missing: string[] = [];
      // The batch for the fold (FoldRequest.events): payloads as the store's text where it was read unparsed
      // (lazyJson), so this thread parses none of them.
      const batch = ++batches;
      const request: FoldRequest = {
        name: def.name,
        key: ctx.table(def.detail),
        batch,
        previous: before?.batch ?? null,
        events: { ids: [], streamPositions: [], types: [], recordedAt: [], metadata: [], data: [] },
        loaded: [],
      };
      const out = request.events;
      for (const event of events) {
        const id = idOf(event.streamId);
        if (id === null) continue;
        if (!ids.has(id)) {
          ids.add(id);
          if (before?.ids.has(id)) replaced.push(id);
          // A stream starting in this batch has nothing stored yet (a catch-up skips most reads so).
          else if (event.streamPosition !== 0n) missing.push(id);
        }
        const text = jsonTextOf(event);
        out.ids.push(id);
        out.streamPositions.push(Number(event.streamPosition));
        out.types.push(event.type);
        out.recordedAt.push(event.recordedAt.getTime());
        out.metadata.push(text ? text.metadata : JSON.stringify(event.metadata));
        out.data.push(text ? (text.data ?? 'null') : (JSON.stringify(event.data) ?? 'null'));
      }
      if (missing.length > 0) request.loaded = await load(db, ctx, missing);
      for (const r of request.loaded) replaced.push(r.id);
      const { detail: detailLines, list: listLines } =
        thread && foldsInThread() ? await thread.fold(request) : foldText(request);
      return {
        batch,
        ids,
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
  return { ...projection, idOfStream: idOf, foldText };
}
