import type { Envelope } from '@kb/contracts';
import { translate } from './messages.js';
import { requestContext } from './request-context.js';

/** The success envelope; `desc` is "operation successful" (or the given message code) in the caller's language. */
export function ok<T>(data: T, code = 'ok'): Envelope<T> {
  return { status: 200, desc: translate(code, requestContext.lang()) ?? code, data };
}
