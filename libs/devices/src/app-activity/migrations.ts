import type { Migration } from '@kb/platform';

/**
 * App users' own accounts and what they do (favourites, searches, reviews, cooking sessions), and the read
 * tables the back-office reads of it: per-recipe favourite and cook counts, cooks per recipe and day (home
 * rankings over a period), and kept per-brand row counts (the pagers' totals at a million rows).
 *
 * Written by device-ingest (the app API and the workers), read and deleted by the API. Every list reads
 * (brand, seq DESC) with a keyset cursor; each filter that narrows a page has an index starting with the brand.
 * Every message an app or a device posts is unique on (poster, message id): a resend is a no-op.
 */
export const appActivityMigrations: Migration[] = [
  {
    id: 'app-activity/001-app-users',
    sql: `
      -- Kept row counts per brand and kind ('app_users', 'search_records'), by statement triggers.
      CREATE TABLE brand_row_counts (
        kind text NOT NULL,
        brand_owner_code text NOT NULL,
        total bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (kind, brand_owner_code)
      );
      CREATE FUNCTION brand_row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO brand_row_counts AS c (kind, brand_owner_code, total)
          SELECT TG_ARGV[0], brand_owner_code, count(*) FROM added GROUP BY brand_owner_code ORDER BY 2
        ON CONFLICT (kind, brand_owner_code) DO UPDATE SET total = c.total + EXCLUDED.total;
        RETURN NULL;
      END $$;
      CREATE FUNCTION brand_row_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE brand_row_counts c SET total = c.total - r.total
          FROM (SELECT brand_owner_code, count(*) AS total FROM removed GROUP BY brand_owner_code) r
         WHERE c.kind = TG_ARGV[0] AND c.brand_owner_code = r.brand_owner_code;
        RETURN NULL;
      END $$;

      -- password_hash: set when the user registered in the app; without it the user is only known from a
      -- device binding (registration state "unregistered").
      ALTER TABLE app_users
        ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY,
        ADD COLUMN disabled boolean NOT NULL DEFAULT false,
        ADD COLUMN password_hash text,
        ADD COLUMN registered boolean GENERATED ALWAYS AS (password_hash IS NOT NULL) STORED,
        ADD COLUMN signed_up_at timestamptz,
        ADD COLUMN favourite_count integer NOT NULL DEFAULT 0,
        ADD COLUMN cook_count integer NOT NULL DEFAULT 0,
        ADD COLUMN device_count integer NOT NULL DEFAULT 0;
      UPDATE app_users u SET device_count = (SELECT count(*) FROM devices d WHERE d.app_user_id = u.id);
      CREATE UNIQUE INDEX app_users_brand_seq ON app_users (brand_owner_code, seq DESC);
      CREATE INDEX app_users_brand_account ON app_users (brand_owner_code, account text_pattern_ops);
      CREATE INDEX app_users_brand_nickname ON app_users (brand_owner_code, nickname text_pattern_ops);
      CREATE INDEX app_users_brand_region ON app_users (brand_owner_code, region, seq DESC);
      CREATE INDEX app_users_brand_disabled ON app_users (brand_owner_code, disabled, seq DESC);
      CREATE INDEX app_users_brand_registered ON app_users (brand_owner_code, registered, seq DESC);
      CREATE INDEX app_users_brand_registered_at ON app_users (brand_owner_code, registered_at);
      CREATE INDEX app_users_brand_has_device ON app_users (brand_owner_code, seq DESC) WHERE device_count > 0;

      INSERT INTO brand_row_counts (kind, brand_owner_code, total)
        SELECT 'app_users', brand_owner_code, count(*) FROM app_users GROUP BY brand_owner_code;
      CREATE TRIGGER app_users_counts_insert AFTER INSERT ON app_users REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION brand_row_counts_add('app_users');
      CREATE TRIGGER app_users_counts_delete AFTER DELETE ON app_users REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION brand_row_counts_remove('app_users');

      -- Bound devices per user, as devices are bound, rebound or deleted (activation; rarely).
      CREATE FUNCTION app_users_device_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.app_user_id IS NOT NULL THEN
          UPDATE app_users SET device_count = device_count - 1 WHERE id = OLD.app_user_id;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.app_user_id IS NOT NULL THEN
          UPDATE app_users SET device_count = device_count + 1 WHERE id = NEW.app_user_id;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER devices_app_user_insert AFTER INSERT ON devices
        FOR EACH ROW WHEN (NEW.app_user_id IS NOT NULL) EXECUTE FUNCTION app_users_device_count();
      CREATE TRIGGER devices_app_user_update AFTER UPDATE OF app_user_id ON devices
        FOR EACH ROW WHEN (OLD.app_user_id IS DISTINCT FROM NEW.app_user_id)
        EXECUTE FUNCTION app_users_device_count();
      CREATE TRIGGER devices_app_user_delete AFTER DELETE ON devices
        FOR EACH ROW WHEN (OLD.app_user_id IS NOT NULL) EXECUTE FUNCTION app_users_device_count();

      -- The app's sign-in sessions: only sha256 of the random token is kept.
      CREATE TABLE app_user_sessions (
        token_hash bytea PRIMARY KEY,
        app_user_id uuid NOT NULL REFERENCES app_users(id) ON DELETE CASCADE,
        brand_owner_code text NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX app_user_sessions_user ON app_user_sessions (app_user_id);

      -- A user's favourite state per recipe; an unfavourite keeps the row (favourite = false, its time) so an
      -- older resend can never bring the favourite back.
      CREATE TABLE app_favourites (
        app_user_id uuid NOT NULL REFERENCES app_users(id) ON DELETE CASCADE,
        recipe_id uuid NOT NULL,
        brand_owner_code text NOT NULL,
        favourite boolean NOT NULL,
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (app_user_id, recipe_id)
      );
      CREATE INDEX app_favourites_user_time ON app_favourites (app_user_id, changed_at DESC) WHERE favourite;

      -- Per recipe: how many users hold it as a favourite and how many completed cooking sessions it had.
      CREATE TABLE recipe_app_stats (
        brand_owner_code text NOT NULL,
        recipe_id uuid NOT NULL,
        favourites integer NOT NULL DEFAULT 0,
        cooks integer NOT NULL DEFAULT 0,
        PRIMARY KEY (brand_owner_code, recipe_id)
      );
      -- Completed cooking sessions per recipe and day (UTC): the home rankings over a chosen period.
      CREATE TABLE recipe_cook_daily (
        brand_owner_code text NOT NULL,
        day date NOT NULL,
        recipe_id uuid NOT NULL,
        cooks integer NOT NULL DEFAULT 0,
        PRIMARY KEY (brand_owner_code, day, recipe_id)
      );

      CREATE TABLE cooking_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        device_id uuid NOT NULL,
        message_id text NOT NULL,
        brand_owner_code text NOT NULL,
        sn text NOT NULL,
        app_user_id uuid REFERENCES app_users(id) ON DELETE SET NULL,
        recipe_id uuid NOT NULL,
        recipe_version integer NOT NULL,
        mode text NOT NULL,
        started_at timestamptz NOT NULL,
        ended_at timestamptz NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('completed', 'aborted')),
        stored_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (device_id, message_id)
      );
      CREATE INDEX cooking_sessions_user ON cooking_sessions (app_user_id, started_at DESC)
        WHERE app_user_id IS NOT NULL;
      CREATE INDEX cooking_sessions_user_recipe ON cooking_sessions (app_user_id, recipe_id)
        WHERE app_user_id IS NOT NULL;

      CREATE TABLE app_search_records (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        brand_owner_code text NOT NULL,
        app_user_id uuid REFERENCES app_users(id) ON DELETE CASCADE,
        message_id text NOT NULL,
        account text NOT NULL,
        nickname text,
        terms text NOT NULL,
        lang text NOT NULL,
        result_count integer NOT NULL,
        region text,
        searched_at timestamptz NOT NULL,
        UNIQUE (app_user_id, message_id)
      );
      CREATE UNIQUE INDEX app_search_records_brand_seq ON app_search_records (brand_owner_code, seq DESC);
      CREATE INDEX app_search_records_user ON app_search_records (app_user_id, seq DESC);
      CREATE INDEX app_search_records_brand_lang ON app_search_records (brand_owner_code, lang, seq DESC);
      CREATE INDEX app_search_records_brand_region ON app_search_records (brand_owner_code, region, seq DESC);
      CREATE INDEX app_search_records_brand_time ON app_search_records (brand_owner_code, searched_at);
      CREATE INDEX app_search_records_brand_account ON app_search_records (brand_owner_code, account text_pattern_ops);
      CREATE TRIGGER app_search_records_counts_insert AFTER INSERT ON app_search_records
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION brand_row_counts_add('search_records');
      CREATE TRIGGER app_search_records_counts_delete AFTER DELETE ON app_search_records
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION brand_row_counts_remove('search_records');

      -- Reviews written in the app land in the reviews table staff moderate, tied to their author: a resent
      -- review is stored once, and deleting the user deletes their reviews.
      ALTER TABLE recipe_evaluations
        ADD COLUMN app_user_id uuid REFERENCES app_users(id) ON DELETE CASCADE,
        ADD COLUMN message_id text;
      CREATE UNIQUE INDEX recipe_evaluations_app_message ON recipe_evaluations (app_user_id, message_id)
        WHERE app_user_id IS NOT NULL;
      CREATE INDEX recipe_evaluations_app_user ON recipe_evaluations (app_user_id, evaluated_at DESC)
        WHERE app_user_id IS NOT NULL;
    `,
  },
  {
    // Disabled users are few (one in fifty in the bench), so region + disabled found them by walking the region's
    // rows: counting a filtered page read 125,000 of them (95 ms at a million users). This small partial index
    // holds only the disabled, by region, newest first: the page and its count read just the matches.
    id: 'app-activity/002-disabled-users-by-region',
    sql: `
      CREATE INDEX app_users_disabled_region ON app_users (brand_owner_code, region, seq DESC) WHERE disabled;
    `,
  },
  {
    // What the app's users search most, by day, language and term (lower-cased, trimmed): the hot search labels
    // screen suggests labels from it. Kept by statement triggers with the search records themselves, so a
    // deleted record (a deleted user, a batch delete) leaves the counts too. Rows are upserted in key order, so
    // two batches never wait on each other's locks in a cycle.
    // app_search_top_terms keeps the last ranking per brand, period, language ('' for all) and size: ranking a
    // month of a long tail of terms sums some 300,000 day counts (80 to 120 ms), so a ranking is reused for 5
    // minutes; deleting search records drops the brand's rankings at once, new searches show within the 5 minutes.
    id: 'app-activity/003-search-term-days',
    sql: `
      CREATE TABLE app_search_term_days (
        brand_owner_code text NOT NULL,
        day date NOT NULL,
        lang text NOT NULL,
        term text NOT NULL,
        searches integer NOT NULL,
        PRIMARY KEY (brand_owner_code, day, lang, term)
      );
      CREATE TABLE app_search_top_terms (
        brand_owner_code text NOT NULL,
        days integer NOT NULL,
        lang text NOT NULL,
        max_terms integer NOT NULL,
        ranked_at timestamptz NOT NULL,
        terms jsonb NOT NULL,
        PRIMARY KEY (brand_owner_code, days, lang, max_terms)
      );
      CREATE FUNCTION app_search_term_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO app_search_term_days AS d (brand_owner_code, day, lang, term, searches)
          SELECT brand_owner_code, (searched_at AT TIME ZONE 'UTC')::date, lang, lower(btrim(terms)), count(*)
            FROM added WHERE btrim(terms) <> ''
           GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (brand_owner_code, day, lang, term) DO UPDATE SET searches = d.searches + EXCLUDED.searches;
        RETURN NULL;
      END $$;
      CREATE FUNCTION app_search_term_days_remove() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE app_search_term_days d SET searches = d.searches - g.searches
          FROM (SELECT brand_owner_code, (searched_at AT TIME ZONE 'UTC')::date AS day, lang,
                       lower(btrim(terms)) AS term, count(*) AS searches
                  FROM removed GROUP BY 1, 2, 3, 4) g
         WHERE (d.brand_owner_code, d.day, d.lang, d.term) = (g.brand_owner_code, g.day, g.lang, g.term);
        DELETE FROM app_search_term_days d
          USING (SELECT DISTINCT brand_owner_code, (searched_at AT TIME ZONE 'UTC')::date AS day, lang,
                        lower(btrim(terms)) AS term
                   FROM removed) g
         WHERE d.searches <= 0
           AND (d.brand_owner_code, d.day, d.lang, d.term) = (g.brand_owner_code, g.day, g.lang, g.term);
        DELETE FROM app_search_top_terms t USING (SELECT DISTINCT brand_owner_code FROM removed) r
         WHERE t.brand_owner_code = r.brand_owner_code;
        RETURN NULL;
      END $$;
      CREATE TRIGGER app_search_records_terms_insert AFTER INSERT ON app_search_records
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION app_search_term_days_add();
      CREATE TRIGGER app_search_records_terms_delete AFTER DELETE ON app_search_records
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION app_search_term_days_remove();
      INSERT INTO app_search_term_days (brand_owner_code, day, lang, term, searches)
        SELECT brand_owner_code, (searched_at AT TIME ZONE 'UTC')::date, lang, lower(btrim(terms)), count(*)
          FROM app_search_records WHERE btrim(terms) <> '' GROUP BY 1, 2, 3, 4;
    `,
  },
];
