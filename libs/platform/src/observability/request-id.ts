import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const scope = new AsyncLocalStorage<{ requestId: string }>();

/** The caller's `x-request-id` when it is a sane token (a proxy's or a client's), else a new one. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** Runs `fn` as the work of one request: every log line written meanwhile names it (see requestIdMixin). */
export function inRequest<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

/** pino's `mixin`: the current request's id on each line logged while it is served. */
export function requestIdMixin(): { requestId?: string } {
  const requestId = scope.getStore()?.requestId;
  return requestId ? { requestId } : {};
}
