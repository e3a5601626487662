import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { buildUrl } from '../lib/api-client.js';
import { configureApiForTests } from '../lib/api-client-for-tests.js';
import { call } from '../lib/call.js';
import { askEarly } from '../lib/early-answers.js';
import { fetchDevicePage, NO_DEVICE_FILTER } from '../features/devices/api/device-list.js';
import { recipeLibraryFirstPage } from '../features/recipes/api/recipe-library.js';
import { FIRST_DATA } from './first-queries.js';

const asked: string[] = [];
const realFetch = globalThis.fetch;
const page = { list: [], total: 0, pageNum: 1, pageSize: 10, nextCursor: null };
const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, desc: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  asked.length = 0;
  globalThis.fetch = (input: RequestInfo | URL) => {
    asked.push(String(input));
    return Promise.resolve(answer(page));
  };
  configureApiForTests({ lang: () => 'zh' });
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const earlyUrls = (path: string) =>
  FIRST_DATA[path]!.calls({ brandOwnerCode: 'DEMO' }).map(([p, query]) => buildUrl(p, query));

describe("a screen's first data, asked before its code arrives", () => {
  it('is exactly what the recipe library asks for its first page', async () => {
    const { queryFn } = recipeLibraryFirstPage();
    await (queryFn as (c: { signal: AbortSignal }) => Promise<unknown>)({
      signal: new AbortController().signal,
    });
    expect(asked).toEqual(earlyUrls('/recipe-list'));
  });

  it('is exactly what the device list asks for its first page', async () => {
    await fetchDevicePage({ ...NO_DEVICE_FILTER, pageNum: 1, pageSize: 10 });
    expect(asked).toEqual(earlyUrls('/device-info-list'));
  });

  it('answers the first call of its address in its language, once; later calls ask the server', async () => {
    globalThis.fetch = (input: RequestInfo | URL) => {
      asked.push(String(input));
      return Promise.resolve(answer({ from: asked.length === 1 ? 'early' : 'server' }));
    };
    askEarly('/api/auth/me', 'zh', {});
    expect(await call.get('/auth/me')).toEqual({ from: 'early' });
    expect(await call.get('/auth/me')).toEqual({ from: 'server' });
    expect(asked).toEqual(['/api/auth/me', '/api/auth/me']);
  });

  it('is not used by a call in another language', async () => {
    askEarly('/api/auth/me', 'en', {});
    asked.length = 0;
    await call.get('/auth/me');
    expect(asked).toEqual(['/api/auth/me']);
  });
});
