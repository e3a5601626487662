import pg from 'pg';

/**
 * Makes Postgres refuse every delivery of one notice (a trigger raising an error), so a push of it fails for real
 * on each attempt of its job; the returned function removes the trigger again. For tests of the failed push.
 */
export async function refuseNoticeDeliveries(
  databaseUrl: string,
  noticeId: string,
): Promise<() => Promise<void>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await pool.query(`
    CREATE OR REPLACE FUNCTION refuse_test_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.notice_id = '${noticeId.replace(/[^0-9a-f-]/gi, '')}' THEN
        RAISE EXCEPTION 'deliveries refused for the test';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_test_deliveries BEFORE INSERT ON notice_deliveries
      FOR EACH ROW EXECUTE FUNCTION refuse_test_deliveries();`);
  return async () => {
    await pool.query('DROP TRIGGER IF EXISTS refuse_test_deliveries ON notice_deliveries');
    await pool.query('DROP FUNCTION IF EXISTS refuse_test_deliveries()');
    await pool.end();
  };
}
