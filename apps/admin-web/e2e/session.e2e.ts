import { describe, expect, it } from '@jest/globals';
import { eventually } from '@kb/testing';
import { emailCode, goInApp, harnessForFile, location, submitLogin } from './support/harness.js';
import { signedInPage } from './support/gestures.js';

const h = harnessForFile();

describe('session and account', () => {
  it('a 401 clears the stored login and goes to /login with a translated message, then back', async () => {
    const page = await signedInPage(h);
    // The server session ends (e.g. it expired) while the page is open.
    await page.context().clearCookies();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('expired');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/personage-detail');
    await expect(page.getByTestId('login-reason').textContent()).resolves.toBe(
      '未登录或登录已过期，请重新登录',
    );
    expect(await page.evaluate(() => localStorage.getItem('kb.login'))).toBeNull();

    await submitLogin(page, 'demo', 'demo12345');
    await page.waitForURL('**/personage-detail');
    await expect(page.getByTestId('me-account-value').textContent()).resolves.toBe('demo');
  });

  it('shows the personal centre: account, name, email, role, brand', async () => {
    const page = await signedInPage(h, 'zh', 'other', 'other12345');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.getByTestId('page-title').getByText('个人中心').waitFor();
    await expect(page.getByTestId('me-account-value').textContent()).resolves.toBe('other');
    await expect(page.getByTestId('me-email-value').textContent()).resolves.toBe('other@other.kitchen.local');
    await expect(page.getByTestId('me-role-value').textContent()).resolves.toBe('管理员');
    await expect(page.getByTestId('me-brand-value').textContent()).resolves.toMatch(/\(OTHER\)$/);
  });

  it('changes the password with the §5 checks, then the user logs in again with the new one', async () => {
    const page = await signedInPage(h, 'zh', 'editor', 'editor12345');
    await goInApp(page, '/password-edit');
    await page.getByTestId('pw-new').fill('short');
    await page.getByTestId('pw-confirm').focus();
    await page.getByText('密码须由字母和数字组成，至少8位').waitFor();
    await page.getByTestId('pw-new').fill('NewPass2024');
    await page.getByTestId('pw-confirm').fill('NewPass2025');
    await page.getByTestId('pw-original').focus();
    await page.getByText('两次输入的密码不一致').waitFor();

    await page.getByTestId('pw-confirm').fill('NewPass2024');
    await page.getByTestId('pw-original').fill('wrong-original1');
    await page.getByTestId('form-submit').click();
    await page.getByText('原密码错误').waitFor();
    expect(location(page)).toBe('/password-edit');

    await page.getByTestId('pw-original').fill('editor12345');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/login?reason=passwordChanged');
    await expect(page.getByTestId('login-reason').textContent()).resolves.toBe(
      '密码已修改，请使用新密码重新登录',
    );

    await submitLogin(page, 'editor', 'editor12345');
    await page.getByTestId('login-error').waitFor();
    await page.getByTestId('login-captcha').fill('0000');
    await page.getByTestId('login-password').fill('NewPass2024');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/home');
  });

  it('resets a forgotten password with an email code', async () => {
    const page = await h.newPage();
    await page.goto('/set-password?flag=forget');
    await page.getByTestId('sp-email').fill('nobody@example.com');
    await page.getByTestId('sp-send').click();
    await page.getByText('邮箱未添加到系统').waitFor();

    await page.getByTestId('sp-email').fill('not-an-email');
    await page.getByTestId('sp-code').focus();
    await page.getByText('请输入正确的邮箱').waitFor();

    const mailsBefore = h.system.smtp.mails.length;
    await page.getByTestId('sp-email').fill('audit@demo.kitchen.local');
    await page.getByTestId('sp-send').click();
    await page
      .getByTestId('sp-send')
      .getByText(/秒后重发/)
      .waitFor();
    await expect(page.getByTestId('sp-send').isDisabled()).resolves.toBe(true);
    await eventually(
      () => h.system.smtp.mails.length,
      (count) => count > mailsBefore,
      10_000,
      'the code mail sent',
    );
    const mail = h.system.smtp.mails.at(-1);
    expect(mail?.to).toBe('audit@demo.kitchen.local');
    const code = emailCode(mail!.raw)!;
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('sp-code').fill(wrong);
    await page.getByTestId('sp-new').focus();
    await page.getByText('邮箱验证码错误').waitFor();

    await page.getByTestId('sp-code').fill(code);
    await page.getByTestId('sp-new').fill('Audit2024x');
    await page.getByTestId('sp-confirm').fill('Audit2024x');
    await page.getByTestId('sp-submit').click();
    await page.getByTestId('set-password-done').waitFor();
    await page.getByTestId('back-to-login').click();
    await page.waitForURL('**/login');
    await submitLogin(page, 'audit', 'Audit2024x');
    await page.waitForURL('**/home');
  });

  it('collapses the sidebar to icons and goes back from the back header', async () => {
    const page = await signedInPage(h);
    await page.getByTestId('sidebar').getByRole('link', { name: 'APK管理' }).click();
    await page.getByTestId('page-title').getByText('APK管理').waitFor();
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Banner管理' }).click();
    await page.getByTestId('page-title').getByText('Banner管理').waitFor();
    await page.getByTestId('back').click();
    await page.waitForURL('**/apk-list');
    await page.reload();
    await page.getByTestId('page-title').getByText('APK管理').waitFor();
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar').waitFor();
  });

  it('shows an unknown address as not found inside the layout', async () => {
    const page = await signedInPage(h);
    await page.goto('/no-such-page');
    await page.getByTestId('not-found').waitFor();
    await page.getByTestId('sidebar').waitFor();
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('页面不存在');
  });

  it('shows the six counts and the two rankings on the home page', async () => {
    const page = await signedInPage(h);
    for (const key of [
      'recipeCount',
      'recipeCategoryCount',
      'deviceCount',
      'onlineDeviceCount',
      'activatedDeviceCount',
      'userCount',
    ]) {
      await expect(page.getByTestId(`count-${key}-value`).textContent()).resolves.toMatch(/^[\d,]+$/);
    }
    await page.getByTestId('recipe-ranking').getByText('热门菜谱排行').waitFor();
    await page.getByTestId('category-ranking').getByText('热门分类排行').waitFor();
  });
});
