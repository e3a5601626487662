// Shared by the bench parts: a logged-in session on the real API, as the web app holds one (cookies, marker), and
// the console's sign-in in a browser.
import { createHash } from 'node:crypto';

/**
 * Logs `account` in (test captcha 0000) and answers `call(method, url, body)`, a fetch that carries the session's
 * cookies, the web app's request marker (the API refuses changes without it) and the language `lang`.
 */
export async function loggedIn(baseUrl, account, password, lang = 'zh') {
  const cookies = new Map();
  async function call(method, url, body) {
    const res = await fetch(baseUrl + url, {
      method,
      body,
      headers: {
        'x-lang': lang,
        'x-requested-with': 'kb-admin',
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return res;
  }
  await call('GET', '/api/auth/captcha');
  const form = new FormData();
  form.set('account', account);
  form.set('password', createHash('md5').update(password).digest('hex'));
  form.set('captcha', '0000');
  form.set('sysFlag', 'brand');
  const login = await (await call('POST', '/api/auth/login', form)).json();
  if (login.status !== 200) throw new Error(`login of ${account} failed: ${login.desc}`);
  return call;
}

/** Signs the demo account in on the console's login page, as a user does (test captcha 0000), and waits for home. */
export async function signInOnPage(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-account').fill('demo');
  await page.getByTestId('login-password').fill('demo12345');
  await page.getByTestId('login-captcha').fill('0000');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/home');
}
