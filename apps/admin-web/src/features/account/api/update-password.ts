import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { passwordDigest } from '../../../lib/password-digest.js';

export interface UpdatePasswordInput {
  originalPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * `POST /api/sysUser/updatePassword`: the original password as its MD5 digest, the new one in plain text so the
 * server can check the §5 rule. The server ends the user's other sessions.
 */
export function updatePassword(input: UpdatePasswordInput): Promise<null> {
  return call.post(
    '/sysUser/updatePassword',
    {
      originalPassword: passwordDigest(input.originalPassword),
      newPassword: input.newPassword,
      confirmPassword: input.confirmPassword,
    },
    {
      // The form shows what went wrong under its fields.
      quiet: true,
    },
  );
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
