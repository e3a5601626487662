import type { Migration } from '@kb/platform';

/**
 * Device tables, shared by the API (staff screens) and device-ingest (writes). Sized for a million
 * devices per brand:
 * - lists read `devices` in (brand, seq DESC) order (newest registration first); every filter that can narrow
 *   a page has an index starting (brand, column, seq DESC), so a filtered first page is an index walk of a few
 *   rows, and keyset pages (`seq < cursor`) are a seek;
 * - telemetry updates change only unindexed columns (last_seen_at, network, mode…) except `offline_due_at`
 *   (the sweeper's index) and rarely `online`/versions/ip, and the table keeps free space (fillfactor) for
 *   heap-only updates where possible;
 * - every ingested message is unique on (device_id, message_id): a resent or retried message is a no-op.
 */
const tableMigrations: Migration[] = [
  {
    id: 'devices/001-devices',
    sql: `
      -- Per brand: the inactivity timeout devices get unless they have their own, and the hash of the factory
      -- activation key that lets a new device of the brand activate itself.
      CREATE TABLE device_brand_settings (
        brand_owner_code text PRIMARY KEY,
        inactivity_timeout_s integer NOT NULL DEFAULT 300 CHECK (inactivity_timeout_s >= 1),
        activation_key_hash bytea UNIQUE
      );

      -- App users as far as devices know them: whoever activated a device in the app.
      CREATE TABLE app_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        brand_owner_code text NOT NULL,
        account text NOT NULL,
        nickname text,
        region text,
        gender text CHECK (gender IN ('male', 'female')),
        age integer,
        avatar_url text,
        registered_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (brand_owner_code, account)
      );

      CREATE TABLE devices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- The list order: newest registration first; also the keyset cursor.
        seq bigint GENERATED ALWAYS AS IDENTITY,
        brand_owner_code text NOT NULL,
        sn text NOT NULL UNIQUE,
        product_code text,
        sub_brand_code text,
        sub_model text,
        -- A picture of the device a staff member uploaded (files.file_code).
        picture_file_code uuid,
        activated_at timestamptz,
        app_user_id uuid REFERENCES app_users(id) ON DELETE SET NULL,
        online boolean NOT NULL DEFAULT false,
        status_changed_at timestamptz NOT NULL DEFAULT now(),
        -- Server time of the newest post; the device is offline once offline_due_at has passed.
        last_seen_at timestamptz,
        offline_due_at timestamptz,
        -- Device time of the newest sample applied: older samples never overwrite newer state.
        last_sample_at timestamptz,
        ip text,
        network text,
        current_mode text,
        apk_version text,
        mcu_version text,
        tp_version text,
        inactivity_timeout_s integer CHECK (inactivity_timeout_s >= 1),
        created_at timestamptz NOT NULL DEFAULT now()
      ) WITH (fillfactor = 80);
      CREATE UNIQUE INDEX devices_brand_seq ON devices (brand_owner_code, seq DESC);
      CREATE INDEX devices_brand_sn ON devices (brand_owner_code, sn text_pattern_ops);
      CREATE INDEX devices_brand_online ON devices (brand_owner_code, online, seq DESC);
      CREATE INDEX devices_brand_product ON devices (brand_owner_code, product_code, seq DESC);
      CREATE INDEX devices_brand_sub_brand ON devices (brand_owner_code, sub_brand_code, seq DESC);
      CREATE INDEX devices_brand_sub_model ON devices (brand_owner_code, sub_model, seq DESC);
      CREATE INDEX devices_brand_apk ON devices (brand_owner_code, apk_version, seq DESC);
      CREATE INDEX devices_brand_mcu ON devices (brand_owner_code, mcu_version, seq DESC);
      CREATE INDEX devices_brand_tp ON devices (brand_owner_code, tp_version, seq DESC);
      CREATE INDEX devices_brand_ip ON devices (brand_owner_code, ip text_pattern_ops);
      CREATE INDEX devices_brand_activated ON devices (brand_owner_code, activated_at);
      CREATE INDEX devices_brand_status_changed ON devices (brand_owner_code, status_changed_at);
      CREATE INDEX devices_app_user ON devices (app_user_id) WHERE app_user_id IS NOT NULL;
      -- The sweeper's work list: online devices by the time they fall offline.
      CREATE INDEX devices_offline_due ON devices (offline_due_at) WHERE online;

      -- A device's credentials: the token is "<id>.<secret>"; only sha256(secret) is kept (the secret is 32
      -- random bytes, so a fast hash is enough). Revoked ones stay for the record.
      CREATE TABLE device_credentials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        secret_hash bytea NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE INDEX device_credentials_device ON device_credentials (device_id);

      CREATE TABLE device_telemetry (
        device_id uuid NOT NULL,
        message_id text NOT NULL,
        brand_owner_code text NOT NULL,
        sampled_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now(),
        network text,
        ip text,
        apk_version text,
        mcu_version text,
        tp_version text,
        mode text,
        extra jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (device_id, message_id)
      );
      CREATE INDEX device_telemetry_recent ON device_telemetry (device_id, sampled_at DESC);

      -- Fault reports. A deleted report keeps its row (deleted_at) so a device resending it cannot bring it back.
      CREATE TABLE device_faults (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        device_id uuid NOT NULL,
        message_id text NOT NULL,
        brand_owner_code text NOT NULL,
        sn text NOT NULL,
        product_code text,
        sub_model text,
        apk_version text,
        type text NOT NULL,
        reported_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now(),
        country text,
        city text,
        error_log text NOT NULL,
        deleted_at timestamptz,
        UNIQUE (device_id, message_id)
      );
      CREATE INDEX device_faults_brand_time ON device_faults (brand_owner_code, reported_at DESC, id)
        WHERE deleted_at IS NULL;
      CREATE INDEX device_faults_brand_sn ON device_faults (brand_owner_code, sn text_pattern_ops)
        WHERE deleted_at IS NULL;
      CREATE INDEX device_faults_device ON device_faults (device_id, reported_at DESC);

      -- The test device group: devices that receive test APKs and test offline packs.
      CREATE TABLE test_devices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        brand_owner_code text NOT NULL,
        device_id uuid NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        remark text NOT NULL DEFAULT '',
        version integer NOT NULL DEFAULT 1,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (brand_owner_code, device_id)
      );
      CREATE INDEX test_devices_device ON test_devices (device_id);
    `,
  },
  {
    // Counting a million rows for the pager's total of an unfiltered list (and the home counts) costs more
    // than the page itself: each brand's number of devices and of activated ones is kept as rows come and go.
    // Statement-level triggers with transition tables, so a bulk insert updates a brand's row once.
    id: 'devices/002-brand-counts',
    sql: `
      CREATE TABLE device_brand_counts (
        brand_owner_code text PRIMARY KEY,
        total bigint NOT NULL DEFAULT 0,
        activated bigint NOT NULL DEFAULT 0
      );
      INSERT INTO device_brand_counts
        SELECT brand_owner_code, count(*), count(activated_at) FROM devices GROUP BY brand_owner_code;

      CREATE FUNCTION device_brand_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO device_brand_counts AS c (brand_owner_code, total, activated)
          SELECT brand_owner_code, count(*), count(activated_at) FROM added GROUP BY brand_owner_code
        ON CONFLICT (brand_owner_code) DO UPDATE
          SET total = c.total + EXCLUDED.total, activated = c.activated + EXCLUDED.activated;
        RETURN NULL;
      END $$;
      CREATE FUNCTION device_brand_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE device_brand_counts c SET total = c.total - r.total, activated = c.activated - r.activated
          FROM (SELECT brand_owner_code, count(*) AS total, count(activated_at) AS activated
                  FROM removed GROUP BY brand_owner_code) r
         WHERE c.brand_owner_code = r.brand_owner_code;
        RETURN NULL;
      END $$;
      CREATE FUNCTION device_brand_counts_activation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE device_brand_counts
           SET activated = activated + (NEW.activated_at IS NOT NULL)::int - (OLD.activated_at IS NOT NULL)::int
         WHERE brand_owner_code = NEW.brand_owner_code;
        RETURN NULL;
      END $$;
      CREATE TRIGGER devices_counts_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION device_brand_counts_add();
      CREATE TRIGGER devices_counts_delete AFTER DELETE ON devices REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION device_brand_counts_remove();
      -- Only when a statement sets activated_at and it changes between set and unset (activation, rarely).
      CREATE TRIGGER devices_counts_activation AFTER UPDATE OF activated_at ON devices
        FOR EACH ROW WHEN ((OLD.activated_at IS NULL) <> (NEW.activated_at IS NULL))
        EXECUTE FUNCTION device_brand_counts_activation();
    `,
  },
  {
    // "Which of this model are online": the list's model and online filters together (p95 56 ms at a million
    // devices walking the model's index and reading each row's status; a range of this index instead).
    id: 'devices/003-product-online',
    sql: `CREATE INDEX devices_brand_product_online ON devices (brand_owner_code, product_code, online, seq DESC);`,
  },
  {
    // How many devices run each APK: per brand, sub-brand, model and reported APK version, kept by triggers as
    // devices are added, deleted or report another version (the APK list's installed count reads it).
    id: 'devices/004-apk-counts',
    sql: `
      CREATE TABLE device_apk_counts (
        brand_owner_code text NOT NULL,
        sub_brand_code text NOT NULL,
        product_code text NOT NULL,
        apk_version text NOT NULL,
        devices integer NOT NULL,
        PRIMARY KEY (brand_owner_code, sub_brand_code, product_code, apk_version)
      );
      INSERT INTO device_apk_counts
        SELECT brand_owner_code, sub_brand_code, product_code, apk_version, count(*)
          FROM devices
         WHERE sub_brand_code IS NOT NULL AND product_code IS NOT NULL AND apk_version IS NOT NULL
         GROUP BY 1, 2, 3, 4;
      -- Adds delta devices to each (brand, sub-brand, model, version) of the rows given; rows missing a part count
      -- nowhere.
      CREATE FUNCTION device_apk_counts_move(rows jsonb, delta integer) RETURNS void LANGUAGE sql AS $$
        INSERT INTO device_apk_counts AS c
          SELECT r.brand_owner_code, r.sub_brand_code, r.product_code, r.apk_version, delta * count(*)
            FROM jsonb_to_recordset(rows)
                 AS r(brand_owner_code text, sub_brand_code text, product_code text, apk_version text)
           WHERE r.sub_brand_code IS NOT NULL AND r.product_code IS NOT NULL AND r.apk_version IS NOT NULL
           GROUP BY 1, 2, 3, 4
           ORDER BY 1, 2, 3, 4
        ON CONFLICT (brand_owner_code, sub_brand_code, product_code, apk_version)
          DO UPDATE SET devices = c.devices + EXCLUDED.devices
      $$;
      CREATE FUNCTION device_apk_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM device_apk_counts_move(
          (SELECT coalesce(jsonb_agg(jsonb_build_object('brand_owner_code', brand_owner_code,
             'sub_brand_code', sub_brand_code, 'product_code', product_code, 'apk_version', apk_version)), '[]')
             FROM added), 1);
        RETURN NULL;
      END $$;
      CREATE FUNCTION device_apk_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM device_apk_counts_move(
          (SELECT coalesce(jsonb_agg(jsonb_build_object('brand_owner_code', brand_owner_code,
             'sub_brand_code', sub_brand_code, 'product_code', product_code, 'apk_version', apk_version)), '[]')
             FROM removed), -1);
        RETURN NULL;
      END $$;
      CREATE FUNCTION device_apk_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM device_apk_counts_move(jsonb_build_array(to_jsonb(OLD)), -1);
        PERFORM device_apk_counts_move(jsonb_build_array(to_jsonb(NEW)), 1);
        RETURN NULL;
      END $$;
      CREATE TRIGGER devices_apk_counts_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION device_apk_counts_add();
      CREATE TRIGGER devices_apk_counts_delete AFTER DELETE ON devices REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION device_apk_counts_remove();
      -- Only rows whose counted parts change (a device reporting a new APK, rarely): telemetry that repeats the
      -- version fires nothing.
      CREATE TRIGGER devices_apk_counts_update
        AFTER UPDATE OF brand_owner_code, sub_brand_code, product_code, apk_version ON devices
        FOR EACH ROW WHEN (
          OLD.brand_owner_code IS DISTINCT FROM NEW.brand_owner_code
          OR OLD.sub_brand_code IS DISTINCT FROM NEW.sub_brand_code
          OR OLD.product_code IS DISTINCT FROM NEW.product_code
          OR OLD.apk_version IS DISTINCT FROM NEW.apk_version)
        EXECUTE FUNCTION device_apk_counts_change();
    `,
  },
  {
    // A version as comparable numbers (`1.10.0` → {1,10,0}; a part that is not a number counts as 0): the staged
    // release's minimum firmware compares devices' MCU versions with it.
    id: 'devices/005-version-key',
    sql: `
      CREATE FUNCTION device_version_key(version text) RETURNS numeric[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(CASE WHEN part ~ '^[0-9]{1,30}$' THEN part::numeric ELSE 0 END ORDER BY n), '{}')
          FROM regexp_split_to_table(version, '[.+_-]') WITH ORDINALITY AS p(part, n)
      $$;
    `,
  },
  {
    // A model's devices sorted by APK version (each model runs its own APKs, so walking the version index for one
    // model's rows reads past every other model's first). Its columns change only on an APK upgrade, which
    // already rewrites the version index, so heartbeats stay heap-only.
    id: 'devices/006-product-apk',
    sql: `CREATE INDEX devices_brand_product_apk ON devices (brand_owner_code, product_code, apk_version, seq DESC);`,
  },
  {
    // The same for a model's devices sorted by sub-model (each sub-model belongs to one model). Only activation
    // writes a device's sub-model, so this index costs activations, never a heartbeat.
    id: 'devices/007-product-sub-model',
    sql: `CREATE INDEX devices_brand_product_sub_model ON devices (brand_owner_code, product_code, sub_model, seq DESC);`,
  },
];

/**
 * Time partitions: `device_telemetry` by day of `sampled_at`, `device_faults` by week of `reported_at`, the hourly
 * rollup `device_telemetry_hourly` by month of `hour`. The partition key is the device's own time, carried by the
 * message: a resent message lands in the same partition, so (device, message id, time) stays the idempotency
 * key. Messages whose partition does not exist yet (a device clock far off, a job queued long ago) wait in the
 * table's default partition; creating their partition moves them over (`time_partition_create`).
 *
 * The tables that existed before are not copied: each is attached whole as the first partition (everything up
 * to the end of the day of its newest row), which costs one validation scan and an index build, never a
 * rewrite; retention drops it like any other partition once it is past every brand's retention.
 */
const timePartitionMigrations: Migration[] = [
  {
    id: 'devices/005-time-partitions',
    sql: `
      ALTER TABLE device_brand_settings
        ADD COLUMN telemetry_retention_days integer CHECK (telemetry_retention_days >= 1),
        ADD COLUMN fault_retention_days integer CHECK (fault_retention_days >= 1),
        ADD COLUMN rollup_retention_days integer CHECK (rollup_retention_days >= 1);

      -- Creates the partition [lo, hi) of a range-partitioned table named <parent>_p<YYYYMMDD of lo>, taking over
      -- the rows of <parent>_default that belong to it. Answers false when it exists already.
      CREATE FUNCTION time_partition_create(parent text, lo timestamptz, hi timestamptz) RETURNS boolean
      LANGUAGE plpgsql AS $fn$
      DECLARE
        part text := parent || '_p' || to_char(lo AT TIME ZONE 'UTC', 'YYYYMMDD');
        key text;
      BEGIN
        IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
        SELECT a.attname INTO STRICT key
          FROM pg_partitioned_table pt
          JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
         WHERE pt.partrelid = parent::regclass;
        EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, parent);
        EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *)
                        INSERT INTO %I SELECT * FROM moved', parent || '_default', key, key, part)
          USING lo, hi;
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lo, hi);
        RETURN true;
      END $fn$;

      -- Turns an existing table into the range-partitioned <name> (key column, step): the old rows become the
      -- first partition when there are any. Indexes are made by the caller on the new parent afterwards.
      CREATE FUNCTION time_partition_convert(name text, key text, step text, ahead integer) RETURNS void
      LANGUAGE plpgsql AS $fn$
      DECLARE
        legacy text := name || '_legacy';
        first_hi timestamptz;
        has_rows boolean;
        idx record;
      BEGIN
        EXECUTE format('ALTER TABLE %I RENAME TO %I', name, legacy);
        FOR idx IN SELECT indexrelid::regclass::text AS n FROM pg_index WHERE indrelid = legacy::regclass LOOP
          EXECUTE format('ALTER INDEX %I RENAME TO %I', idx.n, replace(idx.n, name, legacy));
        END LOOP;
        EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS) PARTITION BY RANGE (%I)', name, legacy, key);
        EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', name || '_default', name);
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I)', legacy) INTO has_rows;
        first_hi := date_trunc(step, now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
        IF has_rows THEN
          EXECUTE format('SELECT greatest($1, date_trunc(%L, max(%I) AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC''
                                                + (''1 '' || %L)::interval) FROM %I', step, key, step, legacy)
            INTO first_hi USING first_hi;
          EXECUTE format('ALTER TABLE %I RENAME TO %I', legacy,
                         name || '_p' || to_char(first_hi AT TIME ZONE 'UTC', 'YYYYMMDD') || '_before');
          legacy := name || '_p' || to_char(first_hi AT TIME ZONE 'UTC', 'YYYYMMDD') || '_before';
          -- The parent's primary key (which must hold the partition key) replaces the old one.
          FOR idx IN SELECT conname AS n FROM pg_constraint WHERE conrelid = legacy::regclass AND contype = 'p' LOOP
            EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', legacy, idx.n);
          END LOOP;
          EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)',
                         name, legacy, first_hi);
        ELSE
          EXECUTE format('DROP TABLE %I', legacy);
          first_hi := first_hi - ('1 ' || step)::interval;
        END IF;
        FOR i IN 0 .. ahead LOOP
          PERFORM time_partition_create(name, first_hi + (i || ' ' || step)::interval,
                                        first_hi + ((i + 1) || ' ' || step)::interval);
        END LOOP;
      END $fn$;

      SELECT time_partition_convert('device_telemetry', 'sampled_at', 'day', 7);
      -- Indexes on a parent are made on every partition; an attached old table's matching one is reused.
      ALTER TABLE device_telemetry ADD PRIMARY KEY (device_id, message_id, sampled_at);
      CREATE INDEX device_telemetry_recent ON device_telemetry (device_id, sampled_at DESC);

      SELECT time_partition_convert('device_faults', 'reported_at', 'week', 4);
      ALTER TABLE device_faults ADD PRIMARY KEY (id, reported_at);
      ALTER TABLE device_faults ADD UNIQUE (device_id, message_id, reported_at);
      CREATE INDEX device_faults_brand_time ON device_faults (brand_owner_code, reported_at DESC, id)
        WHERE deleted_at IS NULL;
      CREATE INDEX device_faults_brand_sn ON device_faults (brand_owner_code, sn text_pattern_ops)
        WHERE deleted_at IS NULL;
      CREATE INDEX device_faults_device ON device_faults (device_id, reported_at DESC);

      -- Per device and hour (UTC) of sample time: how many samples, and per numeric reading of extra its sum
      -- and count ({"temperatureC": [sum, count]}), so averages survive the raw samples. Kept as samples are
      -- stored, in the same transaction.
      CREATE TABLE device_telemetry_hourly (
        device_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        brand_owner_code text NOT NULL,
        samples integer NOT NULL,
        readings jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (device_id, hour)
      ) PARTITION BY RANGE (hour);
      CREATE TABLE device_telemetry_hourly_default PARTITION OF device_telemetry_hourly DEFAULT;
      SELECT time_partition_create('device_telemetry_hourly',
               date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + (i || ' month')::interval,
               date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + ((i + 1) || ' month')::interval)
        FROM generate_series(-1, 2) i;

      -- Adds two readings objects key by key.
      CREATE FUNCTION device_readings_add(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
        SELECT coalesce(jsonb_object_agg(k, jsonb_build_array(s, n)), '{}')
          FROM (SELECT k, sum((v->>0)::float8) AS s, sum((v->>1)::bigint) AS n
                  FROM (SELECT * FROM jsonb_each(a) UNION ALL SELECT * FROM jsonb_each(b)) e(k, v)
                 GROUP BY k) x
      $fn$;
      CREATE AGGREGATE device_readings_sum(jsonb) (sfunc = device_readings_add, stype = jsonb, initcond = '{}');

      -- The rollup of the samples already stored (the old table's), so history starts complete.
      INSERT INTO device_telemetry_hourly (device_id, hour, brand_owner_code, samples, readings)
      SELECT h.device_id, h.hour, min(h.brand_owner_code), sum(h.samples)::int,
             coalesce(jsonb_object_agg(r.k, jsonb_build_array(r.s, r.n)) FILTER (WHERE r.k IS NOT NULL), '{}')
        FROM (SELECT device_id, date_trunc('hour', sampled_at) AS hour, min(brand_owner_code) AS brand_owner_code,
                     count(*) AS samples
                FROM device_telemetry GROUP BY 1, 2) h
        LEFT JOIN (SELECT t.device_id, date_trunc('hour', t.sampled_at) AS hour, e.key AS k,
                          sum((e.value)::text::float8) AS s, count(*) AS n
                     FROM device_telemetry t, jsonb_each(t.extra) e
                    WHERE jsonb_typeof(e.value) = 'number' GROUP BY 1, 2, 3) r
          ON r.device_id = h.device_id AND r.hour = h.hour
       GROUP BY h.device_id, h.hour;

      -- The device's hot state (last seen, due offline, last sample and its readings) changes on every post; no
      -- index names those columns, so the update is heap-only (HOT) and leaves the 15 indexes alone. The sweeper
      -- walks the online devices by id (an index that changes only when a device goes on- or offline).
      DROP INDEX devices_offline_due;
      CREATE INDEX devices_online_id ON devices (id) WHERE online;
    `,
  },
];

/**
 * What a release asks of a device besides its model: its MCU firmware and the UI language it last reported. The
 * language is a column of the device (kept by telemetry as the other versions are), so no query reads telemetry
 * to learn it; a release's compatibility counts read a per-brand tally instead of the devices.
 */
const releaseFitMigrations: Migration[] = [
  {
    // `lang` is written by telemetry but no index names it, so heartbeats stay heap-only. The tally
    // `device_release_counts` holds per (brand, sub-brand, model, firmware, language) how many devices there are,
    // kept by triggers like `device_apk_counts` (a heartbeat that repeats its firmware and language fires none): a
    // compatibility count reads a few dozen rows, not a million devices.
    id: 'devices/008-release-fit',
    sql: `
      ALTER TABLE devices ADD COLUMN lang text;
      UPDATE devices d SET lang = l.lang
        FROM (SELECT DISTINCT ON (device_id) device_id, extra->>'lang' AS lang
                FROM device_telemetry WHERE jsonb_typeof(extra->'lang') = 'string'
               ORDER BY device_id, sampled_at DESC) l
       WHERE d.id = l.device_id;

      CREATE TABLE device_release_counts (
        brand_owner_code text NOT NULL,
        sub_brand_code text NOT NULL,
        product_code text,
        mcu_version text,
        lang text,
        devices integer NOT NULL,
        CONSTRAINT device_release_counts_key
          UNIQUE NULLS NOT DISTINCT (brand_owner_code, sub_brand_code, product_code, mcu_version, lang)
      );
      INSERT INTO device_release_counts
        SELECT brand_owner_code, sub_brand_code, product_code, mcu_version, lang, count(*)
          FROM devices WHERE sub_brand_code IS NOT NULL
         GROUP BY 1, 2, 3, 4, 5;

      -- Adds each row's delta (rows: [{brand_owner_code, sub_brand_code, product_code, mcu_version, lang, delta}])
      -- to its tally row, in key order so that two writers never wait on each other in a circle; rows without a
      -- sub-brand count nowhere (every release is of a sub-brand).
      CREATE FUNCTION device_release_counts_move(rows jsonb) RETURNS void LANGUAGE sql AS $$
        INSERT INTO device_release_counts AS c
          SELECT r.brand_owner_code, r.sub_brand_code, r.product_code, r.mcu_version, r.lang, sum(r.delta)
            FROM jsonb_to_recordset(rows) AS r(brand_owner_code text, sub_brand_code text, product_code text,
                                               mcu_version text, lang text, delta integer)
           WHERE r.sub_brand_code IS NOT NULL
           GROUP BY 1, 2, 3, 4, 5
          HAVING sum(r.delta) <> 0
           ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT ON CONSTRAINT device_release_counts_key DO UPDATE SET devices = c.devices + EXCLUDED.devices
      $$;
      CREATE FUNCTION device_release_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM device_release_counts_move((SELECT coalesce(jsonb_agg(jsonb_build_object(
          'brand_owner_code', brand_owner_code, 'sub_brand_code', sub_brand_code, 'product_code', product_code,
          'mcu_version', mcu_version, 'lang', lang, 'delta', 1)), '[]') FROM added));
        RETURN NULL;
      END $$;
      CREATE FUNCTION device_release_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM device_release_counts_move((SELECT coalesce(jsonb_agg(jsonb_build_object(
          'brand_owner_code', brand_owner_code, 'sub_brand_code', sub_brand_code, 'product_code', product_code,
          'mcu_version', mcu_version, 'lang', lang, 'delta', -1)), '[]') FROM removed));
        RETURN NULL;
      END $$;
      CREATE FUNCTION device_release_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM device_release_counts_move(jsonb_build_array(
          to_jsonb(OLD) || '{"delta": -1}'::jsonb, to_jsonb(NEW) || '{"delta": 1}'::jsonb));
        RETURN NULL;
      END $$;
      CREATE TRIGGER devices_release_counts_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION device_release_counts_add();
      CREATE TRIGGER devices_release_counts_delete AFTER DELETE ON devices REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION device_release_counts_remove();
      CREATE TRIGGER devices_release_counts_update
        AFTER UPDATE OF brand_owner_code, sub_brand_code, product_code, mcu_version, lang ON devices
        FOR EACH ROW WHEN (
          OLD.brand_owner_code IS DISTINCT FROM NEW.brand_owner_code
          OR OLD.sub_brand_code IS DISTINCT FROM NEW.sub_brand_code
          OR OLD.product_code IS DISTINCT FROM NEW.product_code
          OR OLD.mcu_version IS DISTINCT FROM NEW.mcu_version
          OR OLD.lang IS DISTINCT FROM NEW.lang)
        EXECUTE FUNCTION device_release_counts_change();
    `,
  },
];

export const deviceMigrations: Migration[] = [
  ...tableMigrations,
  ...timePartitionMigrations,
  ...releaseFitMigrations,
];
