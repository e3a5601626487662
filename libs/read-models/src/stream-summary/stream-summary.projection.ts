import type { RecordedEvent } from '@kb/event-store';
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
  async project(events, tx, ctx) {
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
    const rows = [...changes.values()];
    const t = ctx.table('stream_summary');
    await tx.query(
      `INSERT INTO ${t} AS s (stream_id, aggregate_type, brand_owner_code, event_count, last_event_type, last_actor,
                              last_stream_position, created_at, updated_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::bigint[],
                            $8::timestamptz[], $9::timestamptz[])
       ON CONFLICT (stream_id) DO UPDATE SET
         brand_owner_code = EXCLUDED.brand_owner_code,
         event_count = s.event_count + EXCLUDED.event_count,
         last_event_type = EXCLUDED.last_event_type,
         last_actor = EXCLUDED.last_actor,
         last_stream_position = EXCLUDED.last_stream_position,
         updated_at = EXCLUDED.updated_at`,
      [
        rows.map((r) => r.streamId),
        rows.map((r) => aggregateTypeOf(r.streamId)),
        rows.map((r) => r.last.metadata.brandOwnerCode),
        rows.map((r) => r.count),
        rows.map((r) => r.last.type),
        rows.map((r) => r.last.metadata.actor),
        rows.map((r) => r.last.streamPosition.toString()),
        rows.map((r) => r.first.recordedAt.toISOString()),
        rows.map((r) => r.last.recordedAt.toISOString()),
      ],
    );
  },
});
