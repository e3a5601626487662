import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import {
  STAFF_ROLE_LABELS,
  type STAFF_SORT_FIELDS,
  type Page,
  type PageQuery,
  type StaffChange,
  type StaffInvite,
  type StaffRole,
  type StaffRow,
  type UiLang,
} from '@kb/contracts';
import type { z } from 'zod';
import { likeContains, withTransaction } from '@kb/platform';
import type { staffListQuerySchema } from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { listOrder } from '../../common/list-sort.js';
import { pagedQuery, sortedPage } from '../../common/paging.js';
import { requestContext } from '../../common/request-context.js';
import { SqlFilter } from '../../common/sql-filter.js';
import { APP_CONFIG, appOrigins, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';
import { Mailer } from '../accounts/mailer.js';
import { createStaff, setStaffDisabled, STAFF_COLUMNS, toStaffRow, updateStaff } from './staff-accounts.js';

type StaffFilter = z.output<typeof staffListQuerySchema>;

/** The staff list's sortable columns; newest first without a sort (a brand has tens of staff: no indexes). */
export const STAFF_ORDER = listOrder<(typeof STAFF_SORT_FIELDS)[number]>({
  keys: {
    account: 'account text',
    name: 'name text',
    email: 'email text',
    role: 'role text',
    // Enabled before disabled ascending.
    status: 'disabled boolean',
    createdAt: 'created_at timestamptz',
  },
  tieBreak: 'id text',
  natural: 'created_at DESC, id',
});

const INVITE_MAIL: Record<
  UiLang,
  (p: { brand: string; inviter: string; account: string; role: StaffRole; link: string }) => {
    subject: string;
    text: string;
  }
> = {
  zh: (p) => ({
    subject: `厨房电器后台：${p.brand} 邀请您加入`,
    text:
      `${p.inviter} 邀请您以“${STAFF_ROLE_LABELS[p.role].zh}”角色加入 ${p.brand} 的厨房电器后台。\n\n` +
      `您的账号：${p.account}\n\n请打开以下链接，用本邮箱获取验证码并设置密码，然后用账号和新密码登录：\n${p.link}\n`,
  }),
  en: (p) => ({
    subject: `Kitchen back-office: ${p.brand} invites you`,
    text:
      `${p.inviter} invites you to ${p.brand}'s kitchen back-office as ${STAFF_ROLE_LABELS[p.role].en}.\n\n` +
      `Your account: ${p.account}\n\nOpen this link, get a code sent to this email and set your password, then log in ` +
      `with your account and the new password:\n${p.link}\n`,
  }),
};

/** The brand admin's staff screen: its accounts, invitations by email, roles, disabling and enabling. */
@Injectable()
export class StaffService {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: Mailer,
  ) {}

  private run = async <R extends Record<string, unknown>>(sql: string, params: unknown[]) =>
    (await this.pool.query<R & pg.QueryResultRow>(sql, params)).rows as R[];

  async list(filter: StaffFilter): Promise<Page<StaffRow>> {
    const f = new SqlFilter('s').equals('role', filter.role);
    if (filter.keyword) {
      const p = f.param(likeContains(filter.keyword));
      f.where(`(s.account ILIKE ${p} OR s.name ILIKE ${p} OR s.email ILIKE ${p})`);
    }
    if (filter.status) f.where(filter.status === 'disabled' ? 's.disabled' : 'NOT s.disabled');
    return sortedPage(
      this.pool,
      `SELECT ${STAFF_COLUMNS} FROM staff_users s`,
      f,
      STAFF_ORDER,
      filter,
      toStaffRow as never,
    );
  }

  /**
   * Creates the account without a password and mails the invitee the link to the first-login page; when the mail
   * cannot be sent the account is removed again (503), so that trying again is not refused as a taken name.
   */
  async invite(input: StaffInvite, origin: string): Promise<StaffRow> {
    const user = requestContext.user();
    const staff = await createStaff(this.pool, user.brandOwnerCode, input, user.account, 'invited');
    const base = appOrigins(this.config)[0] ?? origin;
    const link = `${base}/set-password?flag=login&email=${encodeURIComponent(staff.email)}`;
    const mail = INVITE_MAIL[requestContext.lang()]({
      brand: user.brandName,
      inviter: user.name,
      account: staff.account,
      role: staff.role,
      link,
    });
    try {
      await this.mailer.send(staff.email, mail.subject, mail.text);
    } catch (error) {
      // Nobody was told: the invitation did not happen, and the admin may simply try again.
      await withTransaction(this.pool, async (c) => {
        await c.query('DELETE FROM staff_changes WHERE brand_owner_code = $1 AND staff_id = $2', [
          user.brandOwnerCode,
          staff.id,
        ]);
        await c.query('DELETE FROM staff_users WHERE brand_owner_code = $1 AND id = $2', [
          user.brandOwnerCode,
          staff.id,
        ]);
      });
      throw error;
    }
    return staff;
  }

  update(id: string, input: { name: string; role: StaffRole }): Promise<StaffRow> {
    const user = requestContext.user();
    return updateStaff(this.pool, user.brandOwnerCode, id, input, user.account);
  }

  setDisabled(id: string, disabled: boolean): Promise<StaffRow> {
    const user = requestContext.user();
    return setStaffDisabled(this.pool, user.brandOwnerCode, id, disabled, user.account);
  }

  /** The audit trail of one account of the brand, newest first (404 for an id of another brand). */
  async changes(id: string, page: PageQuery): Promise<Page<StaffChange>> {
    const brand = requestContext.brand();
    const exists = await this.pool.query(
      'SELECT 1 FROM staff_users WHERE brand_owner_code = $1 AND id = $2',
      [brand, id],
    );
    if (!exists.rowCount) throw new AppError(404, 'staff_not_found');
    return pagedQuery(
      this.run,
      `SELECT action, actor, occurred_at, role_before, role_after, name_before, name_after
       FROM staff_changes WHERE brand_owner_code = $1 AND staff_id = $2 ORDER BY id DESC`,
      [brand, id],
      page,
      (r: Record<string, unknown>): StaffChange => ({
        action: r.action as StaffChange['action'],
        actor: r.actor as string,
        occurredAt: (r.occurred_at as Date).toISOString(),
        roleBefore: (r.role_before as StaffRole | null) ?? null,
        roleAfter: (r.role_after as StaffRole | null) ?? null,
        nameBefore: (r.name_before as string | null) ?? null,
        nameAfter: (r.name_after as string | null) ?? null,
      }),
    );
  }
}
