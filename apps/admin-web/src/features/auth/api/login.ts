import type { SessionUser } from '@kb/contracts';
import { call } from '../../../lib/call.js';
import { parseSessionUser } from '../../../lib/session-user.js';

export interface LoginInput {
  account: string;
  password: string;
  captcha: string;
  remember: boolean;
}

/** `POST /api/auth/login`, multipart; the password goes as its MD5 digest (§5). Failures are shown by the form. */
export async function login(input: LoginInput): Promise<SessionUser> {
  // The digest's code is fetched on the first submit: the login page itself loads without it.
  const { passwordDigest } = await import('../../../lib/password-digest.js');
  const form = new FormData();
  form.append('account', input.account.trim());
  form.append('password', passwordDigest(input.password));
  form.append('captcha', input.captcha.trim());
  form.append('sysFlag', 'brand');
  form.append('remember', String(input.remember));
  const data = await call.form('/auth/login', form, {
    quiet: true,
    loginAttempt: true,
    successMessage: false,
  });
  const user = parseSessionUser(data.user);
  if (!user) throw new Error('The login answer holds no valid user');
  return user;
}
