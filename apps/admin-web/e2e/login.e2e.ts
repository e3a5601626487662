import { describe, expect, it } from '@jest/globals';
import { CAPTCHA, harnessForFile, location, submitLogin } from './support/harness.js';
import { signedInPage } from './support/gestures.js';

const h = harnessForFile();

describe('login', () => {
  it('shows the §5 messages when a field is left empty', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByTestId('login-account').focus();
    await page.getByTestId('login-password').focus();
    await page.getByText('用户名不能为空').waitFor();
    await page.getByTestId('login-captcha').focus();
    await page.getByText('密码不能为空').waitFor();
    await page.getByTestId('login-account').focus();
    await page.getByText('验证码不能为空').waitFor();
    // Typing clears the message.
    await page.getByTestId('login-account').fill('demo');
    await expect(page.getByText('用户名不能为空').count()).resolves.toBe(0);
  });

  it('a wrong captcha shows the server message and a new captcha; the right one logs in', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    const firstCaptcha = await page.getByTestId('captcha-image').getAttribute('src');
    await submitLogin(page, 'demo', 'demo12345', '9999');
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('验证码错误或已过期');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== before,
      firstCaptcha,
    );
    await expect(page.getByTestId('login-captcha').inputValue()).resolves.toBe('');
    expect(location(page)).toBe('/login');

    // A click on the image loads another one.
    const secondCaptcha = await page.getByTestId('captcha-image').getAttribute('src');
    const reload = page.waitForResponse((r) => r.url().includes('/api/auth/captcha') && r.status() === 200);
    await page.getByTestId('captcha-image').click();
    await reload;
    expect(await page.getByTestId('captcha-image').getAttribute('src')).not.toBe(secondCaptcha);

    await page.getByTestId('login-captcha').fill(CAPTCHA);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/home');
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('首页');
  });

  it('asks for its captcha once, with the page itself rather than after its scripts, and shows that one', async () => {
    const page = await h.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="captcha-image"]') as HTMLImageElement | null)?.naturalWidth,
    );
    await page.waitForLoadState('networkidle');
    // One ask: the code the image shows is the one the server binds (a second ask would bind another).
    expect(asked.filter((p) => p === '/api/auth/captcha')).toHaveLength(1);
    expect(asked.indexOf('/api/auth/captcha')).toBeLessThan(asked.findIndex((p) => p.endsWith('.js')));
  });

  it('a wrong password shows the server message', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await submitLogin(page, 'demo', 'not-the-password');
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('用户名或密码错误');
  });

  it('sends the password as its MD5 digest, never in plain text', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
    await submitLogin(page, 'demo', 'demo12345');
    const body = (await request).postData() ?? '';
    expect(body).not.toContain('demo12345');
    expect(body).toMatch(/name="password"\r\n\r\ned0de7252acf2980e677bacab01bde25\r\n/); // md5('demo12345')
    expect(body).toMatch(/name="sysFlag"\r\n\r\nbrand\r\n/);
  });

  it('remember prefills the account next time and keeps no password in the browser', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByTestId('login-remember').check();
    await submitLogin(page, 'demo', 'demo12345');
    await page.waitForURL('**/home');
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain('demo12345');
    expect(stored).not.toMatch(/[a-f0-9]{32}/);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL('**/login**');
    await expect(page.getByTestId('login-account').inputValue()).resolves.toBe('demo');
    await expect(page.getByTestId('login-remember').isChecked()).resolves.toBe(true);
    await expect(page.getByTestId('login-password').inputValue()).resolves.toBe('');
  });

  it('the remembered session cookie lasts 30 days; without remember it ends with the browser', async () => {
    const remembered = await h.newPage();
    await remembered.goto('/login');
    await remembered.getByTestId('login-remember').check();
    await submitLogin(remembered, 'demo', 'demo12345');
    await remembered.waitForURL('**/home');
    const days = (c: { expires: number }) => (c.expires - Date.now() / 1000) / 86400;
    const long = (await remembered.context().cookies()).filter((c) => c.httpOnly && c.expires > 0);
    expect(long.some((c) => days(c) > 29 && days(c) <= 30.1)).toBe(true);

    const plain = await signedInPage(h);
    // kb_device only marks a browser that has signed in before (login throttling), it is no session.
    const session = (await plain.context().cookies()).filter(
      (c) => c.httpOnly && days(c) > 1 && c.name !== 'kb_device',
    );
    expect(session).toEqual([]);
  });

  it('the guard sends a visitor without login to /login and back to the page afterwards', async () => {
    const page = await h.newPage();
    await page.goto('/banner/edit?id=7');
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/banner/edit?id=7');
    await submitLogin(page, 'demo', 'demo12345');
    await page.waitForURL('**/banner/edit?id=7');
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('编辑Banner');

    const other = await h.newPage();
    for (const path of ['/', '/home', '/recipe-list', '/no-such-page']) {
      await other.goto(path);
      await other.waitForURL('**/login**');
    }
  });

  it('lets /set-password and /h5/index.html open without login', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByTestId('forgot-link').click();
    await page.waitForURL('**/set-password?flag=forget');
    await page.getByRole('heading', { name: '找回密码' }).waitFor();
    await page.goto('/login');
    await page.getByTestId('register-link').click();
    await page.waitForURL('**/set-password?flag=login');
    await page.getByRole('heading', { name: '首次登录设置密码' }).waitFor();
    await page.goto('/h5/index.html');
    await page.waitForLoadState('networkidle');
    expect(location(page)).toBe('/h5/index.html');
  });

  it('shows the company name in the footer, with a default text when none is set', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await expect(page.getByTestId('login-footer').textContent()).resolves.toMatch(
      /© \d{4} 厨房电器品牌管理后台/,
    );
  });

  it('logout asks first, then the guard applies again', async () => {
    const page = await signedInPage(h);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-cancel').click();
    expect(location(page)).toBe('/home');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL('**/login?reason=loggedOut');
    await expect(page.getByTestId('login-reason').textContent()).resolves.toBe('您已退出登录');
    await page.goto('/home');
    await page.waitForURL('**/login**');
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });
});
