import { AsyncLocalStorage } from 'node:async_hooks';
import type { SessionUser, UiLang } from '@kb/contracts';
import { unauthorized } from './app-error.js';

/** What the current request knows about its caller. Set once per request by middleware and the auth guard. */
export interface RequestContext {
  requestId: string;
  lang: UiLang;
  ip: string;
  user?: SessionUser;
  sessionId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
  get(): RequestContext | undefined {
    return storage.getStore();
  },
  lang(): UiLang {
    return storage.getStore()?.lang ?? 'zh';
  },
  /** The signed-in user; 401 when there is none (every non-public route has one). */
  user(): SessionUser {
    const user = storage.getStore()?.user;
    if (!user) throw unauthorized();
    return user;
  },
  /** The caller's brand: the one place every read and write takes its scope from. */
  brand(): string {
    return requestContext.user().brandOwnerCode;
  },
};
