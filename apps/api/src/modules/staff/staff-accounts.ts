import type pg from 'pg';
import type { StaffChangeAction, StaffRole, StaffRow } from '@kb/contracts';
import { withTransaction } from '@kb/platform';
import { AppError } from '../../common/app-error.js';

/**
 * The changes to a brand's staff accounts, shared by the admin's screen (`/api/staff/*`) and the platform
 * operator's CLI, so both keep the same rules: every id is looked up within the brand named by the caller, the
 * brand's last active admin is neither disabled nor demoted, a disabled account's sessions end with the change,
 * and each change is a line of the account's audit trail in the same transaction.
 */

/** Who makes a change: a staff account, or the platform operator (`OPERATOR`). */
export const OPERATOR = 'operator';

interface StaffRecord {
  id: string;
  account: string;
  name: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  first_login: boolean;
  created_at: Date;
  updated_at: Date;
}

export const STAFF_COLUMNS = 'id, account, name, email, role, disabled, first_login, created_at, updated_at';

export const toStaffRow = (r: StaffRecord): StaffRow => ({
  id: r.id,
  account: r.account,
  name: r.name,
  email: r.email,
  role: r.role,
  status: r.disabled ? 'disabled' : 'enabled',
  passwordSet: !r.first_login,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** Locks the brand's row, so that two changes to its staff cannot each leave the other the last admin. */
async function lockBrand(c: pg.PoolClient, brand: string): Promise<{ disabled: boolean }> {
  const { rows } = await c.query<{ disabled: boolean }>(
    'SELECT disabled FROM brands WHERE code = $1 FOR UPDATE',
    [brand],
  );
  if (!rows[0]) throw new AppError(404, 'brand_not_found', { brand });
  return rows[0];
}

async function lockStaff(c: pg.PoolClient, brand: string, id: string): Promise<StaffRecord> {
  const { rows } = await c.query<StaffRecord>(
    `SELECT ${STAFF_COLUMNS} FROM staff_users WHERE brand_owner_code = $1 AND id = $2 FOR UPDATE`,
    [brand, id],
  );
  if (!rows[0]) throw new AppError(404, 'staff_not_found');
  return rows[0];
}

/** Refuses a change that would leave the brand without an active admin. */
async function keepAnAdmin(c: pg.PoolClient, brand: string, staff: StaffRecord): Promise<void> {
  if (staff.role !== 'admin' || staff.disabled) return;
  const { rows } = await c.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff_users
     WHERE brand_owner_code = $1 AND role = 'admin' AND NOT disabled AND id <> $2`,
    [brand, staff.id],
  );
  if (!rows[0]!.n) throw new AppError(409, 'staff_last_admin', { account: staff.account });
}

async function record(
  c: pg.PoolClient,
  brand: string,
  staffId: string,
  action: StaffChangeAction,
  actor: string,
  change: {
    roleBefore?: string | null;
    roleAfter?: string | null;
    nameBefore?: string | null;
    nameAfter?: string | null;
  } = {},
): Promise<void> {
  await c.query(
    `INSERT INTO staff_changes (brand_owner_code, staff_id, action, actor, role_before, role_after, name_before, name_after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      brand,
      staffId,
      action,
      actor,
      change.roleBefore ?? null,
      change.roleAfter ?? null,
      change.nameBefore ?? null,
      change.nameAfter ?? null,
    ],
  );
}

export interface NewStaff {
  account: string;
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * A new account of the brand without a password: its owner sets one through the first-login email-code flow.
 * Account names and emails are unique across brands (login names no brand).
 */
export async function createStaff(
  pool: pg.Pool,
  brand: string,
  input: NewStaff,
  actor: string,
  action: Extract<StaffChangeAction, 'invited' | 'created'>,
): Promise<StaffRow> {
  const taken = (field: 'account' | 'email') =>
    new AppError(409, `staff_${field}_taken`, {}, { fieldErrors: { [field]: `staff_${field}_taken` } });
  return withTransaction(pool, async (c) => {
    const owner = await lockBrand(c, brand);
    if (owner.disabled) throw new AppError(409, 'brand_disabled', { brand });
    const clash = await c.query<{ account_taken: boolean }>(
      `SELECT lower(account) = lower($1) AS account_taken FROM staff_users
       WHERE lower(account) = lower($1) OR lower(email) = lower($2) ORDER BY 1 DESC LIMIT 1`,
      [input.account, input.email],
    );
    if (clash.rows[0]) throw taken(clash.rows[0].account_taken ? 'account' : 'email');
    const { rows } = await c.query<StaffRecord>(
      `INSERT INTO staff_users (brand_owner_code, account, email, name, role, first_login)
       VALUES ($1, $2, $3, $4, $5, true) RETURNING ${STAFF_COLUMNS}`,
      [brand, input.account, input.email, input.name, input.role],
    );
    const staff = rows[0]!;
    await record(c, brand, staff.id, action, actor, { roleAfter: staff.role, nameAfter: staff.name });
    return toStaffRow(staff);
  }).catch((error: unknown) => {
    // Two invitations of one name at once: the unique index decides, and the loser hears it as above.
    const constraint =
      (error as { code?: string; constraint?: string }).code === '23505'
        ? (error as { constraint?: string }).constraint
        : undefined;
    if (constraint === 'staff_users_account_key') throw taken('account');
    if (constraint === 'staff_users_email_key') throw taken('email');
    throw error;
  });
}

/** Sets an account's name and role; demoting the last active admin is refused. */
export async function updateStaff(
  pool: pg.Pool,
  brand: string,
  id: string,
  input: { name: string; role: StaffRole },
  actor: string,
): Promise<StaffRow> {
  return withTransaction(pool, async (c) => {
    await lockBrand(c, brand);
    const staff = await lockStaff(c, brand, id);
    if (staff.role === input.role && staff.name === input.name) return toStaffRow(staff);
    if (input.role !== 'admin') await keepAnAdmin(c, brand, staff);
    const { rows } = await c.query<StaffRecord>(
      `UPDATE staff_users SET name = $3, role = $4, updated_at = now()
       WHERE brand_owner_code = $1 AND id = $2 RETURNING ${STAFF_COLUMNS}`,
      [brand, id, input.name, input.role],
    );
    const roleChanged = staff.role !== input.role;
    const nameChanged = staff.name !== input.name;
    await record(c, brand, id, 'updated', actor, {
      roleBefore: roleChanged ? staff.role : null,
      roleAfter: roleChanged ? input.role : null,
      nameBefore: nameChanged ? staff.name : null,
      nameAfter: nameChanged ? input.name : null,
    });
    return toStaffRow(rows[0]!);
  });
}

/**
 * Disables or enables an account. Disabling ends its sessions in the same transaction (it cannot log in either:
 * the login refuses a disabled account) and is refused for the brand's last active admin.
 */
export async function setStaffDisabled(
  pool: pg.Pool,
  brand: string,
  id: string,
  disabled: boolean,
  actor: string,
): Promise<StaffRow> {
  return withTransaction(pool, async (c) => {
    const owner = await lockBrand(c, brand);
    const staff = await lockStaff(c, brand, id);
    if (staff.disabled === disabled) return toStaffRow(staff);
    if (disabled) await keepAnAdmin(c, brand, staff);
    else if (owner.disabled) throw new AppError(409, 'brand_disabled', { brand });
    const { rows } = await c.query<StaffRecord>(
      `UPDATE staff_users SET disabled = $3, updated_at = now()
       WHERE brand_owner_code = $1 AND id = $2 RETURNING ${STAFF_COLUMNS}`,
      [brand, id, disabled],
    );
    if (disabled) await c.query('DELETE FROM staff_sessions WHERE user_id = $1', [id]);
    await record(c, brand, id, disabled ? 'disabled' : 'enabled', actor);
    return toStaffRow(rows[0]!);
  });
}

/** The id of an account of the brand named by its account name (the CLI names accounts, not ids). */
export async function staffIdOf(pool: pg.Pool, brand: string, account: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT id FROM staff_users WHERE brand_owner_code = $1 AND lower(account) = lower($2)',
    [brand, account],
  );
  if (!rows[0]) throw new AppError(404, 'staff_not_found');
  return rows[0].id;
}
