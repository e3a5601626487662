import type { Migration } from '@kb/platform';

/** The reference tables whose names the audit trail shows, by the key of their names in an audit answer. */
export const NAME_HISTORY_TABLES = {
  categories: 'recipe_categories',
  tags: 'recipe_tags',
  units: 'ingredient_units',
  accessories: 'accessories',
} as const;

const triggers = Object.entries(NAME_HISTORY_TABLES)
  .map(
    ([kind, table]) => `
      CREATE TRIGGER ${table}_name_history_insert AFTER INSERT ON ${table}
        FOR EACH ROW EXECUTE FUNCTION reference_name_history_record('${kind}');
      CREATE TRIGGER ${table}_name_history_update AFTER UPDATE OF names ON ${table}
        FOR EACH ROW WHEN (OLD.names IS DISTINCT FROM NEW.names)
        EXECUTE FUNCTION reference_name_history_record('${kind}');
      INSERT INTO reference_name_history (brand_owner_code, kind, id, valid_from, names)
        SELECT brand_owner_code, '${kind}', id, created_at, names FROM ${table};`,
  )
  .join('');

/**
 * The names reference records had since a time: the audit trail shows a category, tag, unit or accessory by the
 * name it had when the event happened, and still by name once the record is deleted (no foreign key: the
 * history outlives the record). Written by triggers, so every path that makes or renames a record (the entity
 * endpoints, imports, seeds) records it in its own transaction. Names already there are valid from the record's
 * creation (renames before this migration are not known).
 */
export const auditMigrations: Migration[] = [
  {
    id: 'api/fit-001-reference-name-history',
    sql: `
      CREATE TABLE reference_name_history (
        brand_owner_code text NOT NULL,
        kind text NOT NULL,
        id uuid NOT NULL,
        valid_from timestamptz NOT NULL,
        names jsonb NOT NULL,
        PRIMARY KEY (brand_owner_code, kind, id, valid_from)
      );
      -- Two renames in one transaction share now(): the last one stands.
      CREATE FUNCTION reference_name_history_record() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO reference_name_history (brand_owner_code, kind, id, valid_from, names)
        VALUES (NEW.brand_owner_code, TG_ARGV[0], NEW.id, now(), NEW.names)
        ON CONFLICT (brand_owner_code, kind, id, valid_from) DO UPDATE SET names = EXCLUDED.names;
        RETURN NULL;
      END $$;
      ${triggers}
    `,
  },
];
