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
export const deviceMigrations: Migration[] = [
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
];
