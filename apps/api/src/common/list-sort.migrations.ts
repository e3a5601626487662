import type { Migration } from '@kb/platform';

/**
 * The indexes the lists' sorts read (common/list-sort.ts): `(brand, column, tie-break DESC)`, one btree read
 * forwards for ascending and backwards for descending, so a sorted page is an index walk at any table size.
 * Columns whose filter index already has this shape (devices' model, sub-brand, versions, online; app users'
 * region) need none. Only columns that rarely change are sortable where rows change often (a device's
 * heartbeat columns are not), so these indexes do not cost the frequent writes their HOT updates.
 */
export const listSortMigrations: Migration[] = [
  {
    id: 'api/list-sort-001-indexes',
    sql: `
      CREATE INDEX IF NOT EXISTS devices_brand_sn_sort ON devices (brand_owner_code, sn, seq DESC);
      CREATE INDEX IF NOT EXISTS devices_brand_activated_sort ON devices (brand_owner_code, activated_at, seq DESC);
      CREATE INDEX IF NOT EXISTS device_faults_brand_sn_sort ON device_faults (brand_owner_code, sn, id DESC)
        WHERE deleted_at IS NULL;
      CREATE INDEX IF NOT EXISTS device_faults_brand_type_sort ON device_faults (brand_owner_code, type, id DESC)
        WHERE deleted_at IS NULL;
      CREATE INDEX IF NOT EXISTS app_users_brand_account_sort ON app_users (brand_owner_code, account, seq DESC);
      CREATE INDEX IF NOT EXISTS app_users_brand_nickname_sort ON app_users (brand_owner_code, nickname, seq DESC);
      CREATE INDEX IF NOT EXISTS app_users_brand_registered_at_sort
        ON app_users (brand_owner_code, registered_at, seq DESC);
      CREATE INDEX IF NOT EXISTS app_search_records_brand_results_sort
        ON app_search_records (brand_owner_code, result_count, seq DESC);
      CREATE INDEX IF NOT EXISTS app_search_records_brand_time_sort
        ON app_search_records (brand_owner_code, searched_at, seq DESC);
    `,
  },
  {
    // Paying users (an import brings many thousands) and reviews (from every app user). The review time's sort
    // reads the list's own (brand, evaluated_at DESC, id) index backwards.
    id: 'api/list-sort-002-paying-users-reviews',
    sql: `
      CREATE INDEX IF NOT EXISTS paying_users_brand_level_sort ON paying_users (brand_owner_code, vip_level, seq DESC);
      CREATE INDEX IF NOT EXISTS paying_users_brand_start_sort ON paying_users (brand_owner_code, start_date, seq DESC);
      CREATE INDEX IF NOT EXISTS paying_users_brand_end_sort ON paying_users (brand_owner_code, end_date, seq DESC);
      CREATE INDEX IF NOT EXISTS paying_users_brand_updated_sort
        ON paying_users (brand_owner_code, updated_at, seq DESC);
      CREATE INDEX IF NOT EXISTS recipe_evaluations_brand_sn_sort ON recipe_evaluations (brand_owner_code, sn, id DESC);
      CREATE INDEX IF NOT EXISTS recipe_evaluations_brand_user_sort
        ON recipe_evaluations (brand_owner_code, user_account, id DESC);
      CREATE INDEX IF NOT EXISTS recipe_evaluations_brand_score_sort
        ON recipe_evaluations (brand_owner_code, score, id DESC);
    `,
  },
];
