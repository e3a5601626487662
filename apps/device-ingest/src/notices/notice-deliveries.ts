import type { DeliveredNotice, NoticeAck, NoticeAckAnswer, NoticeText } from '@kb/contracts';
import { withTransaction, type Pool } from '@kb/platform';

/** How far back a device or the app is offered notices: older ones are history, not news. */
const OFFERED_DAYS = 30;

interface DeliveredRow {
  id: string;
  seq: number;
  texts: NoticeText[];
  push_started_at: Date;
  received_at: Date | null;
  read_at: Date | null;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const noticeNumber = (seq: number) => `N${String(seq).padStart(6, '0')}`;

const toDelivered = (r: DeliveredRow): DeliveredNotice => ({
  noticeId: r.id,
  number: noticeNumber(r.seq),
  texts: r.texts,
  pushedAt: r.push_started_at.toISOString(),
  receivedAt: iso(r.received_at),
  readAt: iso(r.read_at),
});

/**
 * The notices delivered to one target (a device or an app user) of a brand, newest first: each pushed notice of the
 * brand is looked up by the deliveries' key (notice, target), so the cost is the number of notices the brand pushed
 * lately, whatever the number of deliveries. `unreadOnly` is what a device polls for; the app's inbox shows all.
 */
export async function deliveredNotices(
  pool: Pool,
  target: { brandOwnerCode: string; id: string },
  options: { unreadOnly: boolean; limit: number; before?: Date },
): Promise<DeliveredNotice[]> {
  const { rows } = await pool.query<DeliveredRow>(
    `SELECT n.id, n.seq, n.texts, n.push_started_at, d.received_at, d.read_at
       FROM notices n JOIN notice_deliveries d ON d.notice_id = n.id AND d.target_id = $2
      WHERE n.brand_owner_code = $1 AND n.state IN ('pushing', 'pushed')
        AND n.push_started_at > now() - make_interval(days => ${OFFERED_DAYS})
        AND ($3::boolean IS FALSE OR d.read_at IS NULL)
        AND ($5::timestamptz IS NULL OR n.push_started_at < $5)
      ORDER BY n.push_started_at DESC, n.id LIMIT $4`,
    [target.brandOwnerCode, target.id, options.unreadOnly, options.limit, options.before ?? null],
  );
  return rows.map(toDelivered);
}

/**
 * Records a target's acknowledgements: read implies received. Each delivery changes at most once per state (the
 * `IS NULL` guard is re-checked after a concurrent ack's lock), so repeats and races count nothing twice; what did
 * change is counted per notice and minute for the list's counts and the detail's chart.
 */
export async function acknowledge(pool: Pool, targetId: string, input: NoticeAck): Promise<NoticeAckAnswer> {
  const all = [...new Set(input.acks.map((a) => a.noticeId))];
  const read = [...new Set(input.acks.filter((a) => a.state === 'read').map((a) => a.noticeId))];
  return withTransaction(pool, async (c) => {
    const received = await c.query<{ notice_id: string }>(
      `UPDATE notice_deliveries SET received_at = now()
        WHERE notice_id = ANY($2::uuid[]) AND target_id = $1 AND received_at IS NULL RETURNING notice_id`,
      [targetId, all],
    );
    const readRows = read.length
      ? await c.query<{ notice_id: string }>(
          `UPDATE notice_deliveries SET read_at = now()
            WHERE notice_id = ANY($2::uuid[]) AND target_id = $1 AND read_at IS NULL RETURNING notice_id`,
          [targetId, read],
        )
      : { rows: [] };
    const counts = new Map<string, { received: number; read: number }>();
    for (const r of received.rows) counts.set(r.notice_id, { received: 1, read: 0 });
    for (const r of readRows.rows) {
      const entry = counts.get(r.notice_id) ?? { received: 0, read: 0 };
      entry.read = 1;
      counts.set(r.notice_id, entry);
    }
    if (counts.size) {
      const ids = [...counts.keys()];
      await c.query(
        `INSERT INTO notice_ack_minutes (notice_id, minute, received, read)
         SELECT u.notice_id, date_trunc('minute', now()), u.received, u.read
           FROM unnest($1::uuid[], $2::int[], $3::int[]) AS u(notice_id, received, read)
          ORDER BY u.notice_id
         ON CONFLICT (notice_id, minute) DO UPDATE
           SET received = notice_ack_minutes.received + EXCLUDED.received,
               read = notice_ack_minutes.read + EXCLUDED.read`,
        [ids, ids.map((id) => counts.get(id)!.received), ids.map((id) => counts.get(id)!.read)],
      );
    }
    return { received: received.rows.length, read: readRows.rows.length };
  });
}
