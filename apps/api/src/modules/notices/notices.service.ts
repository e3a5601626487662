import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { z } from 'zod';
import type {
  DeliveryState,
  Notice,
  NoticeAccounts,
  NoticeAckPoint,
  NOTICE_SORT_FIELDS,
  NoticeDelivery,
  NoticeInput,
  NoticeListItem,
  NoticePage,
  NoticeFailureCode,
  NoticePushHealth,
  NoticePushMode,
  NoticeState,
  NoticeTargetKind,
  NoticeText,
  Page,
  UiLang,
} from '@kb/contracts';
import { noticeDeliveriesQuerySchema, noticeListQuerySchema, noticeUpdateSchema } from '@kb/contracts';
import { likeContains, withTransaction } from '@kb/platform';
import { AppError, fieldRefusal, badRequest, conflict, notFound } from '../../common/app-error.js';
import { checkBrandReferences, eachReference } from '../../common/brand-references.js';
import { listOrder } from '../../common/list-sort.js';
import { pagedQuery, sortedPage } from '../../common/paging.js';
import { requestContext } from '../../common/request-context.js';
import { SqlFilter } from '../../common/sql-filter.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { Db } from '../../infra/db.js';
import { readAccountList } from './notice-accounts.js';
import { NoticePushQueue } from './notice-push-queue.js';

/**
 * A delivery to a device is overdue (push health) when the device was online this long after the delivery and
 * still has not fetched it: an online device polls its notices far more often. A device that stayed offline could
 * not fetch anything and is not counted.
 */
export const OVERDUE_AFTER_MINUTES = 10;

/** The overdue deliveries of the notice `n` (see OVERDUE_AFTER_MINUTES). */
const OVERDUE_OF_NOTICE = `(SELECT count(*) FROM notice_deliveries d JOIN devices v ON v.id = d.target_id
      WHERE d.notice_id = n.id AND d.target_type = 'd' AND d.received_at IS NULL
        AND v.last_seen_at > d.created_at + make_interval(mins => ${OVERDUE_AFTER_MINUTES}))`;

interface NoticeRow {
  id: string;
  seq: number;
  version: number;
  label: string;
  texts: NoticeText[];
  push_mode: NoticePushMode;
  push_at: Date | null;
  state: NoticeState;
  target_kind: NoticeTargetKind;
  region_codes: string[];
  product_codes: string[];
  user_file_code: string | null;
  user_file_name: string | null;
  user_count: number;
  unknown_accounts: string[];
  unknown_count: number;
  target_count: number;
  progress: number;
  push_started_at: Date | null;
  pushed_at: Date | null;
  failure_code: NoticeFailureCode | null;
  failure_detail: string | null;
  failed_at: Date | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  received_count: string | number;
  read_count: string | number;
  overdue_count: string | number;
  [column: string]: unknown;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);
export const noticeNumber = (seq: number) => `N${String(seq).padStart(6, '0')}`;

/** The notice columns with its acknowledgement totals. */
const SELECT = `SELECT n.*,
    coalesce((SELECT sum(m.received) FROM notice_ack_minutes m WHERE m.notice_id = n.id), 0) AS received_count,
    coalesce((SELECT sum(m.read) FROM notice_ack_minutes m WHERE m.notice_id = n.id), 0) AS read_count,
    ${OVERDUE_OF_NOTICE} AS overdue_count
  FROM notices n`;

/** The notice list's sortable columns; newest first without a sort. */
export const NOTICE_ORDER = listOrder<(typeof NOTICE_SORT_FIELDS)[number]>({
  keys: {
    number: 'n.seq integer',
    label: 'n.label text',
    state: 'n.state text',
    pushAt: 'n.push_at timestamptz null',
    createdAt: 'n.created_at timestamptz',
  },
  tieBreak: 'n.id text',
  natural: 'n.created_at DESC, n.id',
});

function titleIn(texts: NoticeText[], lang: UiLang): string {
  const wanted = lang === 'zh' ? ['zh', 'zh-CN'] : ['en'];
  return (texts.find((t) => wanted.includes(t.lang)) ?? texts[0])?.title ?? '';
}

function toListItem(r: NoticeRow, lang: UiLang): NoticeListItem {
  const received = Number(r.received_count);
  return {
    id: r.id,
    version: r.version,
    number: noticeNumber(r.seq),
    label: r.label,
    title: titleIn(r.texts, lang),
    pushMode: r.push_mode,
    pushAt: iso(r.push_at),
    state: r.state,
    targetKind: r.target_kind,
    targetCount: r.target_count,
    receivedCount: received,
    readCount: Number(r.read_count),
    progress: r.progress,
    pushStartedAt: iso(r.push_started_at),
    pushedAt: iso(r.pushed_at),
    overdueCount: Number(r.overdue_count),
    overdueAfterMinutes: OVERDUE_AFTER_MINUTES,
    failureCode: r.failure_code,
    failureDetail: r.failure_detail,
    failedAt: iso(r.failed_at),
    createdAt: r.created_at.toISOString(),
    createdBy: r.created_by,
    updatedAt: r.updated_at.toISOString(),
  };
}

type UpdateInput = z.output<typeof noticeUpdateSchema>;

/**
 * Notices of the brand (§7 `inform`): drafts written and changed until their push starts, pushed now or at their
 * timer time by device-ingest's `notification-push` worker, acknowledged by devices and the app.
 */
@Injectable()
export class NoticesService {
  constructor(
    private readonly db: Db,
    private readonly queue: NoticePushQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(q: z.output<typeof noticeListQuerySchema>): Promise<NoticePage> {
    const f = new SqlFilter('n')
      .equals('state', q.state)
      .equals('push_mode', q.pushMode)
      .equals('target_kind', q.targetKind);
    if (q.keyword) f.where(this.keywordCondition(q.keyword, f));
    const lang = requestContext.lang();
    return sortedPage(this.db.pool, SELECT, f, NOTICE_ORDER, q, (r: NoticeRow) => toListItem(r, lang));
  }

  /** A number (`N000012` or `12`) finds that notice; other words search the label and the titles. */
  private keywordCondition(keyword: string, f: SqlFilter): string {
    const number = /^n?0*(\d{1,9})$/i.exec(keyword);
    const like = f.param(likeContains(keyword));
    const byText = `(n.label ILIKE ${like} OR EXISTS (SELECT 1 FROM jsonb_array_elements(n.texts) t
                      WHERE t->>'title' ILIKE ${like}))`;
    return number ? `(n.seq = ${f.param(Number(number[1]))} OR ${byText})` : byText;
  }

  async search(keyword: string): Promise<NoticeListItem[]> {
    const f = new SqlFilter('n');
    if (keyword) f.where(this.keywordCondition(keyword, f));
    const rows = await this.db.scoped<NoticeRow>(
      `${SELECT} WHERE ${f.sql} ORDER BY n.created_at DESC, n.id LIMIT 50`,
      f.params,
    );
    const lang = requestContext.lang();
    return rows.map((r) => toListItem(r, lang));
  }

  async detail(id: string): Promise<Notice> {
    const [row] = await this.db.scoped<NoticeRow>(`${SELECT} WHERE n.brand_owner_code = $1 AND n.id = $2`, [
      id,
    ]);
    if (!row) throw notFound();
    const lang = requestContext.lang();
    const name = lang === 'en' ? 'name_en' : 'name_zh';
    const regions = row.region_codes.length
      ? await this.db.global<{ code: string; name: string }>(
          `SELECT code, ${name} AS name FROM countries WHERE code = ANY($1::text[])
           UNION ALL SELECT code, ${name} FROM areas WHERE code = ANY($1::text[])`,
          [row.region_codes],
        )
      : [];
    const models = row.product_codes.length
      ? await this.db.global<{ code: string; name: string }>(
          `SELECT product_code AS code, ${name} AS name FROM products WHERE product_code = ANY($1::text[])`,
          [row.product_codes],
        )
      : [];
    const nameOf = (list: { code: string; name: string }[], code: string) =>
      list.find((x) => x.code === code)?.name ?? code;
    const { targetKind: _kind, ...item } = toListItem(row, lang);
    return {
      ...item,
      texts: row.texts,
      targets: {
        kind: row.target_kind,
        regionCodes: row.region_codes,
        regionNames: row.region_codes.map((c) => nameOf(regions, c)),
        productCodes: row.product_codes,
        productNames: row.product_codes.map((c) => nameOf(models, c)),
        userFileCode: row.user_file_code,
        userFileName: row.user_file_name,
        userCount: row.user_count,
        unknownAccounts: row.unknown_accounts,
        unknownCount: row.unknown_count,
      },
    };
  }

  async readAccounts(fileCode: string): Promise<NoticeAccounts> {
    const list = await readAccountList(this.db.pool, this.config.FILES_DIR, requestContext.brand(), fileCode);
    return {
      fileName: list.fileName,
      known: list.userIds.length,
      unknown: list.unknown,
      unknownCount: list.unknownCount,
    };
  }

  /** Checks what a save names against the brand: its languages, the regions, its models, the list of accounts. */
  private async checked(c: pg.PoolClient, brand: string, input: NoticeInput) {
    const lang = requestContext.lang();
    const langs = await c.query<{ lang_code: string }>(
      'SELECT lang_code FROM brand_languages WHERE brand_owner_code = $1',
      [brand],
    );
    const supported = new Set(langs.rows.map((r) => r.lang_code));
    input.texts.forEach((t, i) => {
      if (supported.size && !supported.has(t.lang)) {
        throw fieldRefusal(`texts.${i}.lang`, 'notice_lang_unsupported', { lang: t.lang });
      }
    });
    const regionCodes = input.targetKind === 'regions' ? [...new Set(input.regionCodes)] : [];
    if (regionCodes.length) {
      const { rows } = await c.query<{ code: string }>(
        `SELECT code FROM countries WHERE code = ANY($1::text[]) UNION SELECT code FROM areas WHERE code = ANY($1::text[])`,
        [regionCodes],
      );
      const known = new Set(rows.map((r) => r.code));
      const missing = regionCodes.find((code) => !known.has(code));
      if (missing) {
        throw fieldRefusal('regionCodes', 'notice_region_unknown', { code: missing });
      }
    }
    const productCodes = input.targetKind === 'models' ? [...new Set(input.productCodes)] : [];
    await checkBrandReferences(c, brand, eachReference('productCodes', 'model', productCodes), lang);
    const pushAt = input.pushMode === 'timer' && input.pushAt ? new Date(input.pushAt) : null;
    const users =
      input.targetKind === 'users' && input.userFileCode
        ? await readAccountList(c, this.config.FILES_DIR, brand, input.userFileCode)
        : null;
    if (users && users.userIds.length === 0) throw badRequest('notice_users_none_known');
    // The target's columns as add and update write them: target_kind … unknown_count.
    const target = [
      input.targetKind,
      regionCodes,
      productCodes,
      users ? input.userFileCode : null,
      users?.fileName ?? null,
      users?.userIds.length ?? 0,
      users?.unknown ?? [],
      users?.unknownCount ?? 0,
    ];
    return { pushAt, users, target };
  }

  private async writeUsers(c: pg.PoolClient, id: string, userIds: string[] | null): Promise<void> {
    await c.query('DELETE FROM notice_users WHERE notice_id = $1', [id]);
    if (userIds?.length)
      await c.query(
        `INSERT INTO notice_users (notice_id, app_user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
        [id, userIds],
      );
  }

  async add(input: NoticeInput): Promise<Notice> {
    const brand = requestContext.brand();
    const id = await withTransaction(this.db.pool, async (c) => {
      const t = await this.checked(c, brand, input);
      // One numbering per brand: the lock orders concurrent adds of the brand.
      await c.query(`SELECT pg_advisory_xact_lock(hashtext('notice-seq:' || $1))`, [brand]);
      const { rows } = await c.query<{ id: string }>(
        `INSERT INTO notices (brand_owner_code, seq, label, texts, push_mode, push_at, state, target_kind, region_codes,
           product_codes, user_file_code, user_file_name, user_count, unknown_accounts, unknown_count, created_by)
         SELECT $1, coalesce(max(seq), 0) + 1, $2, $3, $4, $5, 'draft', $6, $7, $8, $9, $10, $11, $12, $13, $14
           FROM notices WHERE brand_owner_code = $1
         RETURNING id`,
        [
          brand,
          input.label,
          JSON.stringify(input.texts),
          input.pushMode,
          t.pushAt,
          ...t.target,
          requestContext.user().account,
        ],
      );
      const id = rows[0]!.id;
      await this.writeUsers(c, id, t.users?.userIds ?? null);
      return id;
    });
    return this.detail(id);
  }

  /** Changes a draft or a scheduled notice; a scheduled one moves its job to the new time. */
  async update(input: UpdateInput): Promise<Notice> {
    const brand = requestContext.brand();
    const moved = await withTransaction(this.db.pool, async (c) => {
      const current = await this.locked(c, brand, input.id, input.version);
      if (current.state !== 'draft' && current.state !== 'scheduled') throw conflict('notice_not_editable');
      const t = await this.checked(c, brand, input);
      // A scheduled notice stays scheduled at its new time; one switched to "push now" goes back to draft.
      const state = current.state === 'scheduled' && t.pushAt ? 'scheduled' : 'draft';
      if (state === 'scheduled' && t.pushAt!.getTime() <= Date.now()) throw this.pastTime();
      await c.query(
        `UPDATE notices SET label = $3, texts = $4, push_mode = $5, push_at = $6, state = $7, target_kind = $8,
           region_codes = $9, product_codes = $10, user_file_code = $11, user_file_name = $12, user_count = $13,
           unknown_accounts = $14, unknown_count = $15, version = version + 1, updated_at = now()
         WHERE brand_owner_code = $1 AND id = $2`,
        [
          brand,
          input.id,
          input.label,
          JSON.stringify(input.texts),
          input.pushMode,
          t.pushAt,
          state,
          ...t.target,
        ],
      );
      await this.writeUsers(c, input.id, t.users?.userIds ?? null);
      return {
        before: current.state === 'scheduled' ? current.push_at : null,
        after: state === 'scheduled' ? t.pushAt : null,
      };
    });
    if (moved.before && moved.before.getTime() !== moved.after?.getTime())
      await this.queue.unschedule(input.id, moved.before);
    if (moved.after && moved.before?.getTime() !== moved.after.getTime())
      await this.queue.schedule({
        id: input.id,
        brand,
        actor: requestContext.user().account,
        pushAt: moved.after,
      });
    return this.detail(input.id);
  }

  private pastTime(): AppError {
    return fieldRefusal('pushAt', 'notice_push_at_past');
  }

  private async locked(c: pg.PoolClient, brand: string, id: string, version?: number) {
    const { rows } = await c.query<{
      state: NoticeState;
      version: number;
      push_mode: NoticePushMode;
      push_at: Date | null;
    }>(
      'SELECT state, version, push_mode, push_at FROM notices WHERE brand_owner_code = $1 AND id = $2 FOR UPDATE',
      [brand, id],
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (version !== undefined && row.version !== version) throw conflict();
    return row;
  }

  /**
   * Pushes a draft: at once (state pushing, the job runs now) or, with push mode timer, at its time (state
   * scheduled, a delayed job). Pushing again what is already pushing or pushed is refused, never doubled.
   * A failed push is pushed again at once (its timer time has passed); a new push time gives it a new job, and
   * the deliveries an attempt already wrote are skipped by their key.
   */
  async push(id: string, version: number): Promise<Notice> {
    const brand = requestContext.brand();
    const pushAt = await withTransaction(this.db.pool, async (c) => {
      const current = await this.locked(c, brand, id, version);
      if (current.state !== 'draft' && current.state !== 'failed') throw conflict('notice_not_pushable');
      const timer = current.state === 'draft' && current.push_mode === 'timer' && current.push_at;
      if (timer && current.push_at!.getTime() <= Date.now()) throw this.pastTime();
      const { rows } = await c.query<{ push_at: Date }>(
        `UPDATE notices SET state = $3, push_at = coalesce($4, now()), progress = 0, version = version + 1,
           failure_code = NULL, failure_detail = NULL, failed_at = NULL, updated_at = now()
         WHERE brand_owner_code = $1 AND id = $2 RETURNING push_at`,
        [brand, id, timer ? 'scheduled' : 'pushing', timer ? current.push_at : null],
      );
      return rows[0]!.push_at;
    });
    await this.queue.schedule({ id, brand, actor: requestContext.user().account, pushAt });
    return this.detail(id);
  }

  async addAndPush(input: NoticeInput): Promise<Notice> {
    const added = await this.add(input);
    return this.push(added.id, added.version);
  }

  /** Cancels a draft or a scheduled notice (its timer job is removed); a push that started runs to its end. */
  async cancel(id: string, version: number): Promise<Notice> {
    const brand = requestContext.brand();
    const scheduledAt = await withTransaction(this.db.pool, async (c) => {
      const current = await this.locked(c, brand, id, version);
      if (current.state !== 'draft' && current.state !== 'scheduled')
        throw conflict('notice_not_cancellable');
      await c.query(
        `UPDATE notices SET state = 'cancelled', version = version + 1, updated_at = now()
          WHERE brand_owner_code = $1 AND id = $2`,
        [brand, id],
      );
      return current.state === 'scheduled' ? current.push_at : null;
    });
    if (scheduledAt) await this.queue.unschedule(id, scheduledAt);
    return this.detail(id);
  }

  /** The brand's push health (home page): running and failed pushes, overdue deliveries of the last 30 days. */
  async health(): Promise<NoticePushHealth> {
    const [row] = await this.db.scoped<{
      pushing: number;
      failed: number;
      overdue: string;
      last_pushed_at: Date | null;
    }>(
      `SELECT
         (SELECT count(*)::int FROM notices WHERE brand_owner_code = $1 AND state = 'pushing') AS pushing,
         (SELECT count(*)::int FROM notices WHERE brand_owner_code = $1 AND state = 'failed') AS failed,
         (SELECT coalesce(sum(${OVERDUE_OF_NOTICE}), 0)
            FROM notices n
           WHERE n.brand_owner_code = $1 AND n.state IN ('pushing', 'pushed')
             AND n.push_started_at > now() - interval '30 days') AS overdue,
         (SELECT max(pushed_at) FROM notices WHERE brand_owner_code = $1 AND state = 'pushed') AS last_pushed_at`,
      [],
    );
    return {
      pushing: row!.pushing,
      failed: row!.failed,
      overdue: Number(row!.overdue),
      overdueAfterMinutes: OVERDUE_AFTER_MINUTES,
      lastPushedAt: iso(row!.last_pushed_at),
    };
  }

  /** Received and read per minute since the push, with running totals (the detail's chart). */
  async ackChart(id: string): Promise<NoticeAckPoint[]> {
    await this.exists(id);
    const rows = await this.db.global<{ minute: Date; received: number; read: number }>(
      'SELECT minute, received, read FROM notice_ack_minutes WHERE notice_id = $1 ORDER BY minute',
      [id],
    );
    let receivedTotal = 0;
    let readTotal = 0;
    return rows.map((r) => {
      receivedTotal += r.received;
      readTotal += r.read;
      return { at: r.minute.toISOString(), received: r.received, read: r.read, receivedTotal, readTotal };
    });
  }

  private async exists(id: string): Promise<void> {
    const rows = await this.db.scoped('SELECT 1 FROM notices WHERE brand_owner_code = $1 AND id = $2', [id]);
    if (!rows.length) throw notFound();
  }

  /** One notice's deliveries by target, optionally of one state; each names its device's SN or user's account. */
  async deliveries(q: z.output<typeof noticeDeliveriesQuerySchema>): Promise<Page<NoticeDelivery>> {
    await this.exists(q.id);
    const stateCondition: Record<DeliveryState, string> = {
      pending: 'x.received_at IS NULL',
      received: 'x.received_at IS NOT NULL AND x.read_at IS NULL',
      read: 'x.read_at IS NOT NULL',
    };
    const where = q.state ? ` AND ${stateCondition[q.state]}` : '';
    return pagedQuery(
      (sql, p) => this.db.global(sql, p),
      `SELECT x.target_id, x.target_type, x.created_at, x.received_at, x.read_at,
              coalesce(d.sn, u.account, x.target_id::text) AS target_name
         FROM notice_deliveries x
         LEFT JOIN devices d ON x.target_type = 'd' AND d.id = x.target_id
         LEFT JOIN app_users u ON x.target_type = 'u' AND u.id = x.target_id
        WHERE x.notice_id = $1${where} ORDER BY x.notice_id, x.target_id`,
      [q.id],
      q,
      (r: {
        target_id: string;
        target_type: string;
        target_name: string;
        created_at: Date;
        received_at: Date | null;
        read_at: Date | null;
      }): NoticeDelivery => ({
        targetId: r.target_id,
        targetType: r.target_type === 'u' ? 'appUser' : 'device',
        targetName: r.target_name,
        state: r.read_at ? 'read' : r.received_at ? 'received' : 'pending',
        createdAt: r.created_at.toISOString(),
        receivedAt: iso(r.received_at),
        readAt: iso(r.read_at),
      }),
    );
  }
}
