import { Client, loggedIn, testApiForSuite } from './harness.js';

describe('login and session', () => {
  const api = testApiForSuite();

  it('serves the captcha as a PNG and binds it to the caller with a cookie', async () => {
    const client = new Client(api.baseUrl);
    const res = await client.request('GET', '/api/auth/captcha');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(client.cookies.get('kb_captcha')).toMatch(/^[a-f0-9-]{36}$/);
  });

  it('accepts the real captcha once: the code drawn in the PNG is single use', async () => {
    const client = new Client(api.baseUrl, 'en');
    await client.request('GET', '/api/auth/captcha');
    const code = await api.redis.get(`${api.config.REDIS_PREFIX}captcha:${client.cookies.get('kb_captcha')}`);
    expect(code).toMatch(/^\d{4}$/);
    const first = await client.json('POST', '/api/auth/login', {
      body: loginForm('demo', 'demo12345', code!),
    });
    expect(first.status).toBe(200);
    const again = await client.json('POST', '/api/auth/login', {
      body: loginForm('demo', 'demo12345', code!),
    });
    expect(again).toMatchObject({ status: 400, desc: 'The captcha is wrong or has expired' });
  });

  it('logs in with the test captcha and answers the user with its brand', async () => {
    const client = new Client(api.baseUrl);
    const res = await client.login('demo', 'demo12345');
    expect(res.status).toBe(200);
    expect(res.desc).toBe('操作成功');
    expect(res.data.user).toMatchObject({ account: 'demo', brandOwnerCode: 'DEMO', role: 'admin' });
    expect(client.cookies.get('kb_session')).toBeTruthy();
    const me = await client.get('/api/auth/me');
    expect(me.data.user.account).toBe('demo');
  });

  it('sets an HttpOnly SameSite session cookie lasting 30 days only with remember', async () => {
    const client = new Client(api.baseUrl);
    await client.request('GET', '/api/auth/captcha');
    const res = await client.request('POST', '/api/auth/login', {
      body: loginForm('demo', 'demo12345', '0000', true),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('kb_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const plain = new Client(api.baseUrl);
    await plain.request('GET', '/api/auth/captcha');
    const res2 = await plain.request('POST', '/api/auth/login', {
      body: loginForm('demo', 'demo12345', '0000', false),
    });
    expect(res2.headers.getSetCookie().find((c) => c.startsWith('kb_session='))).not.toMatch(/Max-Age/);
  });

  it('refuses a wrong captcha with a message in the caller’s language', async () => {
    const zh = await new Client(api.baseUrl, 'zh').login('demo', 'demo12345', '9999');
    expect(zh).toMatchObject({ http: 400, status: 400, desc: '验证码错误或已过期' });
    const en = await new Client(api.baseUrl, 'en').login('demo', 'demo12345', '9999');
    expect(en.desc).toBe('The captcha is wrong or has expired');
  });

  it('names the empty field on blur-level checks (account, captcha)', async () => {
    const client = new Client(api.baseUrl, 'en');
    const res = await client.json('POST', '/api/auth/login', { body: loginForm('', 'x', '') });
    expect(res.status).toBe(400);
    expect(res.desc).toContain('Username cannot be empty');
    expect(res.data.fieldErrors).toMatchObject({
      account: 'Username cannot be empty',
      captcha: 'Captcha cannot be empty',
    });
  });

  it('answers 401 on every other route without a session, and after logout', async () => {
    const anon = new Client(api.baseUrl, 'en');
    const res = await anon.get('/api/common/loadCountry');
    expect(res).toMatchObject({ http: 401, status: 401, desc: 'Not logged in, please log in again' });
    const client = await loggedIn(api.baseUrl);
    expect((await client.get('/api/common/loadCountry')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/common/loadCountry')).status).toBe(401);
  });

  it('ends the session the browser carried when it logs in again, as the same or another account', async () => {
    const browser = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    const first = browser.cookies.get('kb_session')!;
    const again = await browser.login('demo', 'demo12345');
    expect(again.status).toBe(200);
    const second = browser.cookies.get('kb_session')!;
    expect(second).not.toBe(first);
    // The old cookie, replayed by whoever kept a copy, no longer opens anything; the new one does.
    const replay = new Client(api.baseUrl, 'en');
    replay.cookies.set('kb_session', first);
    expect(await replay.get('/api/auth/me')).toMatchObject({ http: 401, status: 401 });
    expect((await browser.get('/api/auth/me')).data.user.account).toBe('demo');

    const other = await browser.login('other', 'other12345');
    expect(other.data.user.brandOwnerCode).toBe('OTHER');
    replay.cookies.set('kb_session', second);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
    expect((await browser.get('/api/auth/me')).data.user.account).toBe('other');
  });

  it('keeps the sessions of the account’s other browsers when one browser logs in', async () => {
    const laptop = await loggedIn(api.baseUrl);
    const phone = await loggedIn(api.baseUrl);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(200);
  });

  it('never answers a bare 500 for unknown routes or malformed bodies', async () => {
    const client = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    const unknown = await client.get('/api/no/such/route');
    expect(unknown).toMatchObject({ status: 404, desc: 'No such endpoint' });
    const res = await client.request('POST', '/api/sysUser/updatePassword', {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, desc: 'The request is not valid' });
  });
});

function loginForm(account: string, password: string, captcha: string, remember = false) {
  const form = new FormData();
  form.set('account', account);
  form.set('password', password ? md5(password) : '');
  form.set('captcha', captcha);
  form.set('sysFlag', 'brand');
  form.set('remember', String(remember));
  return form;
}

import { md5Hex as md5 } from '../src/modules/auth/password.js';
