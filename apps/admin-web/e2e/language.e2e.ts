import { describe, expect, it } from '@jest/globals';
import { harnessForFile, submitLogin, tab } from './support/harness.js';
import { signedInPage } from './support/gestures.js';

const h = harnessForFile();

describe('languages', () => {
  it('is Chinese by default, switches to English at once and keeps the choice after a reload', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    await page.goto('/login');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await page.getByTestId('language-select').selectOption('en');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByText('Remember password').waitFor();
    await page.waitForFunction(() => document.title === 'Log in - Kitchen Appliance Brand Back-office');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Blur messages and server messages follow too.
    await page.getByTestId('login-account').focus();
    await page.getByTestId('login-password').focus();
    await page.getByText('Username cannot be empty').waitFor();
    await submitLogin(page, 'demo', 'demo12345', '9999');
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe(
      'The captcha is wrong or has expired',
    );

    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.getByTestId('language-select').inputValue()).toBe('en');
  });

  it('switches everything inside the app at once: menu, tabs, titles, dates, and back', async () => {
    const page = await signedInPage(h);
    await page.goto('/recipe-list');
    await page.getByTestId('page-title').getByText('菜谱库').waitFor();
    await expect(page.getByTestId('home-today').count()).resolves.toBe(0);
    await tab(page, '/home').click();
    await page
      .getByTestId('home-today')
      .getByText(/今天是 \d{4}年\d{1,2}月\d{1,2}日 星期./)
      .waitFor();

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('page-title').getByText('Home').waitFor();
    await page
      .getByTestId('home-today')
      .getByText(/Today is [A-Z][a-z]+ \d{1,2}, \d{4} [A-Z][a-z]+day/)
      .waitFor();
    await expect(tab(page, '/recipe-list').textContent()).resolves.toBe('Recipe library');
    await page.getByTestId('sidebar').getByText('Recipe management').waitFor();
    await page.getByText('Devices online').waitFor();

    await page.reload();
    await page.getByTestId('page-title').getByText('Home').waitFor();
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-zh').click();
    await page.getByTestId('page-title').getByText('首页').waitFor();
    await expect(tab(page, '/recipe-list').textContent()).resolves.toBe('菜谱库');
  });

  it('sends the language to the API with every call', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByTestId('language-select').selectOption('en');
    const request = page.waitForRequest((r) => r.url().includes('/api/auth/login'));
    await submitLogin(page, 'demo', 'demo12345');
    expect((await request).headers()['x-lang']).toBe('en');
    await page.waitForURL('**/home');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('en');
  });
});
