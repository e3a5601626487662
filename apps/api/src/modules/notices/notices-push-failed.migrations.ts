import type { Migration } from '@kb/platform';

/**
 * A push can fail: when the push job's last attempt fails, the notice is `failed` with the reason (a code the
 * screens translate and the worker's message), and staff can push it again. The partial index lists the failed
 * pushes of a brand for the home page's push health.
 */
export const noticesPushFailedMigrations: Migration[] = [
  {
    id: 'api/notices-002-push-failed',
    sql: `
      ALTER TABLE notices DROP CONSTRAINT notices_state_check;
      ALTER TABLE notices ADD CONSTRAINT notices_state_check
        CHECK (state IN ('draft', 'scheduled', 'pushing', 'pushed', 'cancelled', 'failed'));
      ALTER TABLE notices
        ADD COLUMN failure_code text CHECK (failure_code IN ('database', 'internal')),
        ADD COLUMN failure_detail text,
        ADD COLUMN failed_at timestamptz;
      CREATE INDEX notices_brand_unsettled ON notices (brand_owner_code, state) WHERE state IN ('pushing', 'failed');
    `,
  },
];
