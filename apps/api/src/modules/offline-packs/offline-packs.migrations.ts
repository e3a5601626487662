import type { Migration } from '@kb/platform';

/** Command-side tables of the offline-pack module (the read models live in @kb/read-models). */
export const offlinePacksMigrations: Migration[] = [
  {
    id: 'api/offline-packs-001-numbers-and-builds',
    sql: `
      -- Which pack holds which number in a brand (case-insensitive): the uniqueness claim of add and renumbering
      -- saves (see offline-pack-numbers.ts). A row is written in a transaction that commits only after the append.
      CREATE TABLE offline_pack_numbers (
        brand_owner_code text NOT NULL,
        number_key text NOT NULL,
        pack_id uuid NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (brand_owner_code, number_key)
      );
      CREATE INDEX offline_pack_numbers_pack ON offline_pack_numbers (pack_id);

      -- Each build of a pack file: requested by the API (queued), written by device-ingest (running, progress,
      -- then done with the file's path, size and SHA-256, or failed with an error code). A pack's current build is
      -- its newest row; content_digest says which content it was built from. released_at marks the build that
      -- went online: an incremental pack of the same model is built against the newest such build's catalog.
      CREATE TABLE offline_pack_builds (
        build_id uuid PRIMARY KEY,
        pack_id uuid NOT NULL,
        brand_owner_code text NOT NULL,
        revision bigint NOT NULL,
        content_digest text NOT NULL,
        pack_type text NOT NULL,
        product_code text NOT NULL,
        sub_brand_code text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        file_path text,
        file_size bigint,
        sha256 text,
        manifest jsonb,
        error_code text,
        error_params jsonb,
        requested_by text NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        released_at timestamptz
      );
      CREATE INDEX offline_pack_builds_pack ON offline_pack_builds (pack_id, requested_at DESC);
      CREATE INDEX offline_pack_builds_released ON offline_pack_builds
        (brand_owner_code, product_code, sub_brand_code, released_at DESC) WHERE released_at IS NOT NULL;
    `,
  },
];
