import type { SetPasswordFlag } from '@kb/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export interface SetPasswordInput {
  email: string;
  code: string;
  flag: SetPasswordFlag;
  newPassword: string;
  confirmPassword: string;
}

/** `POST /api/sysUser/setPassword`: first-time setup or reset with an email code. */
export function setPassword(input: SetPasswordInput): Promise<null> {
  return api<null>('/sysUser/setPassword', {
    json: { ...input, email: input.email.trim(), code: input.code.trim() },
    quiet: true,
    successMessage: false,
  });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
