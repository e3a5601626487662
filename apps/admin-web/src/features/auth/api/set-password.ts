import type { SetPasswordFlag } from '@kb/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';

export interface SetPasswordInput {
  email: string;
  code: string;
  flag: SetPasswordFlag;
  newPassword: string;
  confirmPassword: string;
}

/** `POST /api/sysUser/setPassword`: first-time setup or reset with an email code. */
export function setPassword(input: SetPasswordInput): Promise<null> {
  return call.post(
    '/sysUser/setPassword',
    { ...input, email: input.email.trim(), code: input.code.trim() },
    { quiet: true, successMessage: false },
  );
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
