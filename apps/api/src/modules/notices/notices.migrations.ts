import type { Migration } from '@kb/platform';

/**
 * Notices and their deliveries. The API writes notices; device-ingest's push job writes the deliveries in bulk
 * (one per target device or app user) and the device and app endpoints acknowledge them.
 * - `notice_deliveries` has a single index, its key (notice, target): a push of a million rows maintains one
 *   b-tree, a retried push inserts nothing twice, and a device's poll looks up (notice, device) for the few
 *   notices its brand pushed lately;
 * - acknowledgements are counted per notice and minute in `notice_ack_minutes`: the counts on the list and the
 *   chart on the detail read a handful of rows, never the deliveries.
 */
export const noticesMigrations: Migration[] = [
  {
    id: 'api/notices-001',
    sql: `
      CREATE TABLE notices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        brand_owner_code text NOT NULL,
        seq integer NOT NULL,
        version integer NOT NULL DEFAULT 1,
        label text NOT NULL,
        texts jsonb NOT NULL,
        push_mode text NOT NULL CHECK (push_mode IN ('now', 'timer')),
        push_at timestamptz,
        state text NOT NULL CHECK (state IN ('draft', 'scheduled', 'pushing', 'pushed', 'cancelled')),
        target_kind text NOT NULL CHECK (target_kind IN ('all', 'regions', 'models', 'users')),
        region_codes text[] NOT NULL DEFAULT '{}',
        product_codes text[] NOT NULL DEFAULT '{}',
        user_file_code uuid,
        user_file_name text,
        user_count integer NOT NULL DEFAULT 0,
        unknown_accounts text[] NOT NULL DEFAULT '{}',
        unknown_count integer NOT NULL DEFAULT 0,
        target_count integer NOT NULL DEFAULT 0,
        progress integer NOT NULL DEFAULT 0,
        push_started_at timestamptz,
        pushed_at timestamptz,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (brand_owner_code, seq)
      );
      CREATE INDEX notices_brand_list ON notices (brand_owner_code, created_at DESC, id);
      CREATE INDEX notices_brand_state ON notices (brand_owner_code, state, created_at DESC);
      -- What a device polls: the notices its brand pushed lately.
      CREATE INDEX notices_brand_pushed ON notices (brand_owner_code, push_started_at DESC)
        WHERE state IN ('pushing', 'pushed');
      -- The timer's work list (re-armed by device-ingest at start).
      CREATE INDEX notices_scheduled ON notices (push_at) WHERE state IN ('scheduled', 'pushing');

      -- The app users an uploaded list of accounts names (target kind users).
      CREATE TABLE notice_users (
        notice_id uuid NOT NULL REFERENCES notices(id) ON DELETE CASCADE,
        app_user_id uuid NOT NULL,
        PRIMARY KEY (notice_id, app_user_id)
      );

      CREATE TABLE notice_deliveries (
        notice_id uuid NOT NULL,
        target_id uuid NOT NULL,
        -- d: a device, u: an app user's inbox.
        target_type "char" NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        received_at timestamptz,
        read_at timestamptz,
        PRIMARY KEY (notice_id, target_id)
      ) WITH (fillfactor = 90);

      CREATE TABLE notice_ack_minutes (
        notice_id uuid NOT NULL,
        minute timestamptz NOT NULL,
        received integer NOT NULL DEFAULT 0,
        read integer NOT NULL DEFAULT 0,
        PRIMARY KEY (notice_id, minute)
      );
    `,
  },
];
