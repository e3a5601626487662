import { STAFF_ROLES, type SessionUser } from '@kb/contracts';

/**
 * Reads a SessionUser (the shape of libs/contracts' `sessionUserSchema`) from an answer or from storage.
 * Checked by hand rather than with the zod schema: the login route must stay small, and zod is the
 * largest piece it would otherwise carry (see the build's size report).
 */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const strings = ['id', 'account', 'name', 'email', 'brandOwnerCode', 'brandName'] as const;
  if (!strings.every((key) => typeof v[key] === 'string')) return null;
  if (!(STAFF_ROLES as readonly unknown[]).includes(v.role) || typeof v.firstLogin !== 'boolean') return null;
  return {
    id: v.id as string,
    account: v.account as string,
    name: v.name as string,
    email: v.email as string,
    role: v.role as SessionUser['role'],
    brandOwnerCode: v.brandOwnerCode as string,
    brandName: v.brandName as string,
    firstLogin: v.firstLogin,
  };
}
