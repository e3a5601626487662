/** One schema change, shaped like `@kb/platform`'s `Migration` (this lib may not import it). */
export interface EventStoreMigration {
  id: string;
  sql: string;
}

/**
 * The `events` table of the Postgres adapter.
 *
 * - `transaction_id` is the writing transaction's id (xid8, never wraps). Together with `global_position` it is
 *   the global order: readers only take rows below the oldest transaction still running (see README).
 * - `(stream_id, stream_position)` is unique, so a stale expected version fails inside the append itself.
 * - `event_id` is the idempotency key of an append within its stream (002 dropped the global unique index: the
 *   stream key finds a retried append, and that index cost a quarter of the append throughput).
 */
export const postgresEventStoreMigrations: EventStoreMigration[] = [
  {
    id: 'event-store/001-events',
    sql: `
      CREATE TABLE events (
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        stream_id text NOT NULL,
        stream_position bigint NOT NULL CHECK (stream_position >= 0),
        event_id uuid NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        brand_owner_code text,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_global_order PRIMARY KEY (transaction_id, global_position),
        CONSTRAINT events_stream_position UNIQUE (stream_id, stream_position),
        CONSTRAINT events_event_id UNIQUE (event_id)
      );
    `,
  },
  {
    id: 'event-store/002-event-id-per-stream',
    sql: `ALTER TABLE events DROP CONSTRAINT IF EXISTS events_event_id;`,
  },
  {
    // Data and metadata kept as json text, as written: the store only stores and returns them (no query looks
    // inside), and jsonb cost a parse on every append and a rebuild of the text on every read (a catch-up reading
    // 200,000 recipe events: 1.6 s of the server's CPU as jsonb, 0.4 s as json).
    id: 'event-store/003-events-json',
    sql: `ALTER TABLE events ALTER COLUMN data TYPE json USING data::json,
            ALTER COLUMN metadata TYPE json USING metadata::json;`,
  },
];
