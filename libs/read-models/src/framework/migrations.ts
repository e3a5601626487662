import type { Migration } from '@kb/platform';

/**
 * The framework's own table. One row per built version of a projection: exactly one `live` row per projection
 * (the one its views point at) and at most a few `building` rows (rebuilds in progress beside it).
 * The checkpoint is the pair (transaction_id, global_position) of the last event applied, exclusive start of the
 * next read.
 */
export const readModelMigrations: readonly Migration[] = [
  {
    id: 'read-models/001-projection-checkpoints',
    sql: `
      CREATE TABLE projection_checkpoints (
        name text NOT NULL,
        version int NOT NULL,
        definition_version int NOT NULL,
        status text NOT NULL CHECK (status IN ('live', 'building')),
        transaction_id bigint NOT NULL DEFAULT 0,
        global_position bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        last_error_at timestamptz,
        PRIMARY KEY (name, version)
      );
      CREATE UNIQUE INDEX projection_checkpoints_one_live ON projection_checkpoints (name) WHERE status = 'live';
    `,
  },
  {
    // Indexes a version set aside while catching up from the start of a long log (see deferred-indexes.ts).
    id: 'read-models/002-projection-deferred-indexes',
    sql: `
      CREATE TABLE projection_deferred_indexes (
        name text NOT NULL,
        version int NOT NULL,
        index_name text NOT NULL,
        definition text NOT NULL,
        PRIMARY KEY (name, version, index_name),
        FOREIGN KEY (name, version) REFERENCES projection_checkpoints (name, version) ON DELETE CASCADE
      );
    `,
  },
  {
    // Events a projection version could not apply, set aside so that the rest of the log goes on (parking.ts),
    // and the request of `projector replay` to the process running the version.
    id: 'read-models/003-projection-parked-events',
    sql: `
      CREATE TABLE projection_parked_events (
        name text NOT NULL,
        version int NOT NULL,
        transaction_id bigint NOT NULL,
        global_position bigint NOT NULL,
        stream_id text NOT NULL,
        stream_position bigint NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        brand_owner_code text,
        error text NOT NULL,
        behind_global_position bigint,
        parked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, version, transaction_id, global_position),
        FOREIGN KEY (name, version) REFERENCES projection_checkpoints (name, version) ON DELETE CASCADE
      );
      CREATE INDEX projection_parked_events_stream ON projection_parked_events (name, version, stream_id);
      ALTER TABLE projection_checkpoints ADD COLUMN replay_requested_at timestamptz;
    `,
  },
];
