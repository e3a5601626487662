import { randomUUID } from 'node:crypto';
import type { Actor } from '@kb/aggregates';
import { requestContext } from './request-context.js';

export type { Actor };

/** The caller of the current HTTP request as an actor: every event's and every job's who, brand and language. */
export function actorOfRequest(): Actor {
  const user = requestContext.user();
  return {
    brand: user.brandOwnerCode,
    account: user.account,
    role: user.role,
    correlationId: requestContext.get()?.requestId ?? randomUUID(),
    lang: requestContext.lang(),
  };
}
