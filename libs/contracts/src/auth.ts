import { z } from 'zod';
import { text } from './text.js';

/** Roles of brand staff; what each may do is the matrix of permissions.ts. */
export const STAFF_ROLES = ['admin', 'auditor', 'editor', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** `data.user` of a login and of `GET /api/auth/me`. */
export const sessionUserSchema = z.object({
  id: text({ trim: false }),
  account: text({ trim: false }),
  name: text({ trim: false }),
  email: text({ trim: false }),
  role: z.enum(STAFF_ROLES),
  brandOwnerCode: text({ trim: false }),
  brandName: text({ trim: false }),
  firstLogin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const md5Hex = z.string().regex(/^[a-f0-9]{32}$/i, { message: 'password_digest_invalid' });

/** §5: digits and letters, at least 8 characters (both kinds present). */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,64}$/;
export const newPasswordSchema = z.string().regex(PASSWORD_RULE, { message: 'password_rule' });

/**
 * `POST /api/auth/login`, multipart/form-data. `password` is the MD5 hex digest of the password.
 * `remember=true` makes the session last 30 days (else it ends with the browser session / 12 h).
 */
export const loginRequestSchema = z.object({
  account: text().min(1, { message: 'account_required' }).max(64),
  password: md5Hex,
  captcha: text().min(1, { message: 'captcha_required' }).max(16),
  sysFlag: z.literal('brand', { message: 'sys_flag_invalid' }),
  remember: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST /api/sysUser/updatePassword` (JSON). The original password travels as its MD5 digest; the new one
 * in plain text so that the server can enforce the §5 rule, then it is digested and hashed server-side. */
export const updatePasswordSchema = z
  .object({
    originalPassword: md5Hex,
    newPassword: newPasswordSchema,
    confirmPassword: text({ trim: false }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'password_mismatch',
    path: ['confirmPassword'],
  });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordSchema>;

/** How the console is drawn: light, dark, or following the operating system ("auto"). */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ColorSchemeChoice = (typeof COLOR_SCHEMES)[number];

/** `GET` / `POST /api/preferences`: one user's own display choices, kept across browsers. */
export const staffPreferencesSchema = z.object({ colorScheme: z.enum(COLOR_SCHEMES) }).strict();
export type StaffPreferences = z.infer<typeof staffPreferencesSchema>;

export const SET_PASSWORD_FLAGS = ['login', 'forget'] as const;
export type SetPasswordFlag = (typeof SET_PASSWORD_FLAGS)[number];

/** `POST /api/email/captcha` (JSON): sends a 6-digit code to an email already in the system. */
export const emailCaptchaSchema = z.object({
  email: text().email({ message: 'email_invalid' }),
  flag: z.enum(SET_PASSWORD_FLAGS).default('forget'),
});
/** `POST /api/email/verify` (JSON). */
export const emailVerifySchema = z.object({
  email: text().email({ message: 'email_invalid' }),
  code: text().regex(/^\d{6}$/, { message: 'email_code_invalid' }),
});
/** `POST /api/sysUser/setPassword` (JSON): first-time setup (`flag=login`) or reset (`flag=forget`). */
export const setPasswordSchema = z
  .object({
    email: text().email({ message: 'email_invalid' }),
    code: text().regex(/^\d{6}$/, { message: 'email_code_invalid' }),
    flag: z.enum(SET_PASSWORD_FLAGS),
    newPassword: newPasswordSchema,
    confirmPassword: text({ trim: false }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'password_mismatch',
    path: ['confirmPassword'],
  });

/** Seconds before another email code may be requested for the same address. */
export const EMAIL_CODE_RESEND_SECONDS = 60;
