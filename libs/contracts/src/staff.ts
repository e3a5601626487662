import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from './auth.js';
import { pageQuerySchema } from './paging.js';
import { text } from './text.js';
import { STAFF_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';

/**
 * A brand's staff accounts as its admin manages them (`/api/staff/*`): invited by email (the invitee sets a
 * password through the first-login email-code flow), given a role, disabled and enabled again. The platform
 * operator's CLI (`npm run admin`) makes the same changes under the same rules.
 */
export const STAFF_STATES = ['enabled', 'disabled'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

/** Account names: letters, digits and `._-@`, as people type them at login. */
export const STAFF_ACCOUNT_RULE = /^[A-Za-z0-9._@-]{2,64}$/;

const staffId = z.string().uuid({ message: 'staff_not_found' });
const role = z.enum(STAFF_ROLES, { message: 'staff_role_invalid' });
const staffName = text({ message: 'staff_name_required' })
  .min(1, { message: 'staff_name_required' })
  .max(50, { message: 'staff_name_too_long' });

export const staffAccountSchema = text({ message: 'account_required' })
  .min(1, { message: 'account_required' })
  .regex(STAFF_ACCOUNT_RULE, { message: 'staff_account_rule' });
export const staffEmailSchema = text({ message: 'email_required' })
  .min(1, { message: 'email_required' })
  .max(254, { message: 'email_invalid' })
  .email({ message: 'email_invalid' });

export const staffListQuerySchema = pageQuerySchema.extend({
  /** Account, name or email containing this (case-insensitive). */
  keyword: text().max(64).optional(),
  role: role.optional(),
  status: z.enum(STAFF_STATES, { message: 'status_invalid' }).optional(),
  ...sortQueryShape(STAFF_SORT_FIELDS),
});
export type StaffListQuery = z.input<typeof staffListQuerySchema>;

export const staffInviteSchema = z.object({
  account: staffAccountSchema,
  email: staffEmailSchema,
  name: staffName,
  role,
});
export type StaffInvite = z.input<typeof staffInviteSchema>;

export const staffUpdateSchema = z.object({ id: staffId, name: staffName, role });
export type StaffUpdate = z.input<typeof staffUpdateSchema>;

export const staffIdSchema = z.object({ id: staffId });

export const staffChangesQuerySchema = pageQuerySchema.extend({ id: staffId });

export interface StaffRow {
  id: string;
  account: string;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffState;
  /** False until the invitee has set a password (first login). */
  passwordSet: boolean;
  createdAt: string;
  updatedAt: string;
}

export const STAFF_CHANGE_ACTIONS = ['invited', 'created', 'updated', 'disabled', 'enabled'] as const;
export type StaffChangeAction = (typeof STAFF_CHANGE_ACTIONS)[number];

/** One line of a staff account's audit trail: who changed what, when. */
export interface StaffChange {
  action: StaffChangeAction;
  /** The staff account that acted, or `operator` for the platform operator's CLI. */
  actor: string;
  occurredAt: string;
  roleBefore: StaffRole | null;
  roleAfter: StaffRole | null;
  nameBefore: string | null;
  nameAfter: string | null;
}
