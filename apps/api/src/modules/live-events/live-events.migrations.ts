import type { Migration } from '@kb/platform';

/** The channel the database announces changes on; the API's event stream listens to it. */
export const LIVE_CHANNEL = 'kb_live';

/**
 * Where the screens' live facts change, the database says so on `kb_live` (a wake-up, never the data itself):
 * a device going on- or offline or reporting from a new address, a long job's progress or state, a notice's push progress or state,
 * a notice's received and read counts (devices and app users acknowledging it). The payload names the brand, the topic and
 * the record; the screen then asks its query again. A rollout's state changes through the API's command path, which
 * says so itself once the read model shows it (`LiveAnnouncer`).
 */
export const liveEventsMigrations: Migration[] = [
  {
    id: 'api/live-events-001-notify',
    sql: `
      CREATE FUNCTION kb_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${LIVE_CHANNEL}', json_build_object(
          'brand', NEW.brand_owner_code, 'topic', TG_ARGV[0], 'id', NEW.id::text)::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER devices_live AFTER UPDATE OF online, ip ON devices FOR EACH ROW
        WHEN (OLD.online IS DISTINCT FROM NEW.online OR OLD.ip IS DISTINCT FROM NEW.ip)
        EXECUTE FUNCTION kb_live_notify('device');
      CREATE TRIGGER job_runs_live AFTER UPDATE ON job_runs FOR EACH ROW
        WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.progress_done IS DISTINCT FROM NEW.progress_done)
        EXECUTE FUNCTION kb_live_notify('job');
      CREATE TRIGGER notices_live AFTER UPDATE ON notices FOR EACH ROW
        WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.progress IS DISTINCT FROM NEW.progress)
        EXECUTE FUNCTION kb_live_notify('notice');
    `,
  },
  {
    // The counts are kept per notice and minute: the row carries no brand, its notice does. An ack transaction
    // notifies once per notice however many rows it touched (Postgres folds equal notifications of a transaction).
    id: 'api/live-events-002-notice-receipts',
    sql: `
      CREATE FUNCTION kb_live_notify_notice_receipts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${LIVE_CHANNEL}', json_build_object(
          'brand', n.brand_owner_code, 'topic', 'notice', 'id', n.id::text)::text)
          FROM notices n WHERE n.id = NEW.notice_id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER notice_ack_minutes_live AFTER INSERT OR UPDATE ON notice_ack_minutes FOR EACH ROW
        EXECUTE FUNCTION kb_live_notify_notice_receipts();
    `,
  },
];
