import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, loggedIn, startTestApi, type TestApi } from './harness.js';

const expectHardened = (res: Response, what: string) => {
  const headers = {
    what,
    csp: res.headers.get('content-security-policy'),
    nosniff: res.headers.get('x-content-type-options'),
    referrer: res.headers.get('referrer-policy'),
    poweredBy: res.headers.get('x-powered-by'),
  };
  expect(headers).toEqual({
    what,
    csp: expect.stringContaining("frame-ancestors 'none'"),
    nosniff: 'nosniff',
    referrer: 'same-origin',
    poweredBy: null,
  });
  expect(headers.csp).toContain("script-src 'self'");
  expect(headers.csp).not.toContain("script-src 'self' 'unsafe-inline'");
};

describe('security headers', () => {
  let api: TestApi;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'kb-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Kitchen back-office</title>');
    api = await startTestApi({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await api.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it('are on every answer: API success and errors, refused changes, the web app', async () => {
    const anon = new Client(api.baseUrl);
    expectHardened(await anon.request('GET', '/api/health'), 'health');
    expectHardened(await anon.request('GET', '/api/auth/me'), '401');
    expectHardened(
      await anon.request('POST', '/api/auth/logout', { headers: { 'x-requested-with': '' } }),
      '403',
    );
    const demo = await loggedIn(api.baseUrl);
    expectHardened(await demo.request('GET', '/api/no/such/route'), '404');
    expectHardened(await anon.request('GET', '/recipe-list'), 'web app');
    expect((await anon.request('GET', '/api/health')).headers.get('strict-transport-security')).toBeNull();
  });

  it('the API docs’ “Try it out” sends the marker header the API asks of every change', async () => {
    const init = await (await new Client(api.baseUrl).request('GET', '/api/docs/swagger-ui-init.js')).text();
    expect(init).toMatch(/requestInterceptor[\s\S]*x-requested-with[\s\S]*kb-admin/);
  });

  it('include HSTS when the session cookie is Secure (served over HTTPS)', async () => {
    const secure = await startTestApi({ SESSION_COOKIE_SECURE: 'true' });
    try {
      const res = await new Client(secure.baseUrl).request('GET', '/api/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    } finally {
      await secure.stop();
    }
  });
});
