/**
 * The advisory lock every write to `events` holds, shared, from before its transaction has an id until it ends
 * (two-int form: this key and 0). Readers take the oldest transaction id among its holders as their horizon
 * (see postgres-event-store.ts). The first key is one of the platform's 727_0xx advisory lock namespaces.
 */
export const EVENT_APPEND_LOCK = 727_040;

/** One schema change, shaped like `@kb/platform`'s `Migration` (this lib may not import it). */
export interface EventStoreMigration {
  id: string;
  sql: string;
}

/**
 * The `events` table of the Postgres adapter.
 *
 * - `transaction_id` is the writing transaction's id (xid8, never wraps). Together with `global_position` it is
 *   the global order: readers only take rows below the oldest append still in flight (see README).
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
  {
    // Every statement that writes events first takes the append lock, shared (appends never wait on each other),
    // before its transaction has an id: then an append whose id is below a reader's horizon either is among the
    // lock's holders the reader saw or had ended before the reader read (postgres-event-store.ts). A transaction
    // that wrote something else first already has an id that a reader may have passed, so its write is refused;
    // the setting marks a transaction that took the lock while it had no id, so its further writes may follow.
    // A statement trigger also covers writes that bypass the store (psql, a data fix), and costs no round trip.
    id: 'event-store/004-append-horizon-lock',
    sql: `
      CREATE FUNCTION events_take_append_lock() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_current_xact_id_if_assigned() IS NULL THEN
          PERFORM pg_advisory_xact_lock_shared(${EVENT_APPEND_LOCK}, 0);
          PERFORM set_config('kb_event_store.append_locked', 'on', true);
        ELSIF current_setting('kb_event_store.append_locked', true) IS DISTINCT FROM 'on' THEN
          RAISE EXCEPTION 'events must be written by a transaction that has written nothing else before'
            USING ERRCODE = '55000',
                  HINT = 'append in a transaction of its own, or write the events first';
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER events_take_append_lock BEFORE INSERT ON events
        FOR EACH STATEMENT EXECUTE FUNCTION events_take_append_lock();
    `,
  },
];
