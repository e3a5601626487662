import type { SetPasswordFlag } from '@kb/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';

/** `POST /api/email/captcha`: sends a 6-digit code to an email already in the system. */
export function sendEmailCode(input: { email: string; flag: SetPasswordFlag }): Promise<null> {
  return call.post('/email/captcha', { email: input.email.trim(), flag: input.flag }, { quiet: true });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
