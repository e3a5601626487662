import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApi, type ApiHandlers } from './api-client.js';

// The API client as the unit tests set it up (Node, no screens): imported by *.spec.ts files only.

/** Texts as their keys, nothing shown or navigated to; a test passes the handlers it watches. */
export function configureApiForTests(watched: Partial<ApiHandlers> = {}): void {
  configureApi({
    lang: () => 'en',
    text: (key) => key,
    onUnauthorized: () => undefined,
    onForbidden: () => undefined,
    onError: () => undefined,
    onSuccess: () => undefined,
    onApplying: () => ({ applied: () => undefined }),
    refreshScreens: async () => undefined,
    ...watched,
  });
}

/**
 * Starts `server` on a free local port and sends the client's calls to it: the browser resolves `/api/...` against
 * the page, Node needs the server's origin. Answers that origin and the way back to the real fetch.
 */
export async function callsServedBy(server: Server): Promise<{ base: string; restore: () => void }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => realFetch(new URL(String(input), base), init);
  return { base, restore: () => (globalThis.fetch = realFetch) };
}
