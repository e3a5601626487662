import pg from 'pg';
import { Client, command, loggedIn, startTestApi, type TestApi } from './harness.js';

/** What a browser sends for a form auto-submitted by a page of another port of the same host. */
const FORGED_FORM_HEADERS = {
  origin: 'http://localhost:9999',
  'sec-fetch-site': 'same-site',
  'content-type': 'application/x-www-form-urlencoded',
};

describe('changes only from the app’s own origin', () => {
  let api: TestApi;
  let demo: Client;
  let pool: pg.Pool;

  beforeAll(async () => {
    api = await startTestApi();
    demo = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    pool = new pg.Pool({ connectionString: api.db.url, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await api.stop();
  });

  async function draftRecipe(number: string): Promise<string> {
    const added = await command(demo, '/api/recipe/add', {
      type: 'SOUP',
      number,
      mainLang: 'zh',
      langs: ['zh'],
      texts: { zh: { name: `番茄汤${number}` } },
      productCodes: ['TM-6'],
    });
    expect(added.status).toBe(200);
    return added.data.id as string;
  }

  async function eventTypes(id: string): Promise<string[]> {
    const { rows } = await pool.query<{ type: string }>(
      'SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position',
      [`recipe-${id}`],
    );
    return rows.map((r) => r.type);
  }

  /** The logged-in user's cookies, sent by a raw request as the browser would attach them. */
  const cookieHeader = () => [...demo.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  it('refuses a form-encoded delete auto-submitted from another port, in the caller’s language', async () => {
    const id = await draftRecipe('CSRF-1');
    const before = await eventTypes(id);
    for (const lang of ['en', 'zh']) {
      const res = await fetch(`${api.baseUrl}/api/recipe/delete`, {
        method: 'POST',
        headers: { ...FORGED_FORM_HEADERS, cookie: cookieHeader(), 'x-lang': lang },
        body: new URLSearchParams({ id }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        status: 403,
        desc:
          lang === 'en'
            ? 'Request refused: changes are only accepted from this application’s own pages'
            : '请求被拒绝：只接受来自本系统页面的操作',
        data: null,
      });
    }
    expect(await eventTypes(id)).toEqual(before);
  });

  it('refuses a foreign Origin or Sec-Fetch-Site even with the marker header, for every body type', async () => {
    const id = await draftRecipe('CSRF-2');
    const before = await eventTypes(id);
    const multipart = new FormData();
    multipart.set('id', id);
    const json = JSON.stringify({ id });
    const attempts: Array<{ headers: Record<string, string>; body: RequestInit['body'] }> = [
      { headers: { origin: 'http://localhost:9999' }, body: multipart },
      { headers: { origin: 'null' }, body: multipart },
      { headers: { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }, body: json },
      { headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, body: json },
      { headers: { origin: 'http://127.0.0.1:1', 'content-type': 'text/plain' }, body: json },
    ];
    for (const attempt of attempts) {
      const res = await demo.request('POST', '/api/recipe/delete', attempt);
      expect({ headers: attempt.headers, status: res.status }).toEqual({
        headers: attempt.headers,
        status: 403,
      });
    }
    expect(await eventTypes(id)).toEqual(before);
  });

  it('refuses a change without the marker header even when the browser says nothing of its origin', async () => {
    const id = await draftRecipe('CSRF-3');
    const res = await demo.request('POST', '/api/recipe/delete', {
      json: { id },
      headers: { 'x-requested-with': '' },
    });
    expect(res.status).toBe(403);
    const logout = await fetch(`${api.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: cookieHeader() },
    });
    expect(logout.status).toBe(403);
    expect((await demo.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses a forged login, which would sign the victim into the attacker’s account', async () => {
    const form = new FormData();
    form.set('account', 'demo');
    form.set('password', 'x'.repeat(32));
    form.set('captcha', '0000');
    form.set('sysFlag', 'brand');
    const res = await fetch(`${api.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { origin: 'http://localhost:9999', 'sec-fetch-site': 'same-site' },
      body: form,
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('kb_session='))).toBe(false);
  });

  it('accepts the app’s own calls: same origin, Sec-Fetch-Site same-origin, marker header', async () => {
    const id = await draftRecipe('CSRF-4');
    const deleted = await demo.json('POST', '/api/recipe/delete', {
      json: { id },
      headers: { origin: api.baseUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(deleted.status).toBe(200);
    expect(await eventTypes(id)).toContain('RecipeMovedToRecycleBin');
    // Reading stays open to plain links and images.
    expect((await demo.request('GET', '/api/auth/me', { headers: { 'x-requested-with': '' } })).status).toBe(
      200,
    );
  });

  it('with APP_ORIGIN set, accepts only the configured origins', async () => {
    const behindProxy = await startTestApi({
      APP_ORIGIN: 'https://admin.example.com, https://ops.example.com',
    });
    try {
      const client = await loggedIn(behindProxy.baseUrl);
      const fromApp = await client.request('POST', '/api/auth/logout', {
        headers: { origin: 'https://ops.example.com' },
      });
      expect(fromApp.status).toBe(200);
      const again = await loggedIn(behindProxy.baseUrl);
      const fromOwnHost = await again.request('POST', '/api/auth/logout', {
        headers: { origin: behindProxy.baseUrl },
      });
      expect(fromOwnHost.status).toBe(403);
    } finally {
      await behindProxy.stop();
    }
  });
});
