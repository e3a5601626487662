import { call } from '../../../lib/call.js';

/** `POST /api/email/verify`: checks a code without using it up (for an early "wrong code" message). */
export function verifyEmailCode(input: { email: string; code: string }): Promise<null> {
  return call.post(
    '/email/verify',
    { email: input.email.trim(), code: input.code.trim() },
    { quiet: true, successMessage: false },
  );
}
