import type { Migration } from '@kb/platform';

/**
 * Paying users: which app user accounts of a brand pay, at which level, from when to when. One row per app user
 * (a re-import updates it); it goes with the app user. Written by device-ingest's import worker, read and deleted
 * by the API.
 */
export const payingUserMigrations: Migration[] = [
  {
    id: 'app-activity/vip-001-paying-users',
    sql: `
      CREATE TABLE paying_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        brand_owner_code text NOT NULL,
        app_user_id uuid NOT NULL UNIQUE REFERENCES app_users(id) ON DELETE CASCADE,
        vip_level integer NOT NULL CHECK (vip_level > 0),
        start_date date NOT NULL,
        end_date date NOT NULL CHECK (end_date >= start_date),
        source text NOT NULL DEFAULT 'import',
        import_run_id uuid,
        import_file_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text NOT NULL
      );
      CREATE UNIQUE INDEX paying_users_brand_seq ON paying_users (brand_owner_code, seq DESC);
      CREATE INDEX paying_users_brand_end ON paying_users (brand_owner_code, end_date);
    `,
  },
];
