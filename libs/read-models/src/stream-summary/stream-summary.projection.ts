import type { RecordedEvent } from '@kb/event-store';
import { copyRows, encodeCopyRows, recordColumns } from '../framework/copy-rows.js';
import { defineProjection } from '../framework/projection.js';

const UUID_SUFFIX = /^(.+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WORDS_PREFIX = /^([a-z]+(?:-[a-z]+)*)-[^-]/;

/**
 * The aggregate type named by a stream id (`recipe-<id>`, `apk-<id>`, `offline-pack-<id>`): what precedes a uuid,
 * else the leading words made of letters only, else the whole id.
 */
export function aggregateTypeOf(streamId: string): string {
  return UUID_SUFFIX.exec(streamId)?.[1] ?? WORDS_PREFIX.exec(streamId)?.[1] ?? streamId;
}

const COLUMNS = recordColumns(`stream_id text, aggregate_type text, brand_owner_code text, event_count bigint,
  last_event_type text, last_actor text, last_stream_position bigint, created_at timestamptz, updated_at timestamptz`);

interface StreamChange {
  streamId: string;
  count: number;
  first: RecordedEvent;
  last: RecordedEvent;
}

/**
 * One row per stream: whose brand it is, what kind of aggregate, how many events, and the latest change (type,
 * actor, time). Feeds audit screens ("who touched what last") and per-type counts.
 */
export const streamSummaryProjection = defineProjection({
  name: 'stream_summary',
  version: 1,
  handles: '*',
  // Who, when and which stream: the payloads are never needed.
  readsData: false,
  tables: [
    {
      name: 'stream_summary',
      create: (t) => `
        CREATE TABLE ${t} (
          stream_id text PRIMARY KEY,
          aggregate_type text NOT NULL,
          brand_owner_code text NOT NULL,
          event_count bigint NOT NULL,
          last_event_type text NOT NULL,
          last_actor text NOT NULL,
          last_stream_position bigint NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        );
        CREATE INDEX ON ${t} (brand_owner_code, aggregate_type, updated_at DESC);
        CREATE INDEX ON ${t} (brand_owner_code, updated_at DESC);`,
    },
  ],
  // Prepared ahead of its transaction (ProjectionDefinition.prepare); the counts add up in SQL, so nothing is
  // carried from the previous batch.
  async prepare(events, _db, ctx) {
    const changes = new Map<string, StreamChange>();
    for (const e of events) {
      const c = changes.get(e.streamId);
      if (c) {
        c.count += 1;
        c.last = e;
      } else {
        changes.set(e.streamId, { streamId: e.streamId, count: 1, first: e, last: e });
      }
    }
    const row = (r: StreamChange) => ({
      stream_id: r.streamId,
      aggregate_type: aggregateTypeOf(r.streamId),
      brand_owner_code: r.last.metadata.brandOwnerCode,
      event_count: r.count,
      last_event_type: r.last.type,
      last_actor: r.last.metadata.actor,
      last_stream_position: r.last.streamPosition.toString(),
      created_at: r.first.recordedAt,
      updated_at: r.last.recordedAt,
    });
    // A stream whose first event is in this batch has no row yet: copied in. The others add to theirs.
    const all = [...changes.values()];
    const fresh = encodeCopyRows(COLUMNS, all.filter((r) => r.first.streamPosition === 0n).map(row));
    const known = all.filter((r) => r.first.streamPosition !== 0n).map(row);
    const t = ctx.table('stream_summary');
    return {
      async write(tx) {
        await copyRows(tx, t, COLUMNS, fresh);
        if (known.length === 0) return;
        await tx.query(
          `INSERT INTO ${t} AS s (${COLUMNS.names.join(', ')})
           SELECT * FROM unnest(${COLUMNS.types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})
           ON CONFLICT (stream_id) DO UPDATE SET
             brand_owner_code = EXCLUDED.brand_owner_code,
             event_count = s.event_count + EXCLUDED.event_count,
             last_event_type = EXCLUDED.last_event_type,
             last_actor = EXCLUDED.last_actor,
             last_stream_position = EXCLUDED.last_stream_position,
             updated_at = EXCLUDED.updated_at`,
          COLUMNS.names.map((name) => known.map((r) => r[name as keyof typeof r])),
        );
      },
    };
  },
});
