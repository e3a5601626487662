import { describe, expect, it } from '@jest/globals';
import { eventually, mailText, type ReceivedMail } from '@kb/testing';
import type { Page } from 'playwright-core';
import { emailCode, harnessForFile, loginAs, submitLogin } from './support/harness.js';

const h = harnessForFile();

/** The first mail to `to` whose text matches, once the SMTP sink has it (10 s at most). */
async function mailTo(to: string, text: RegExp): Promise<ReceivedMail> {
  const mail = await eventually(
    () => h.system.smtp.mails.find((m) => m.to === to && text.test(mailText(m.raw))),
    Boolean,
    10_000,
    `a mail to ${to} matching ${text}`,
  );
  return mail!;
}

const row = (page: Page, account: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: account, exact: true }) });

interface Words {
  lang: 'zh' | 'en';
  admin: [string, string];
  operations: string;
  screen: string;
  invite: string;
  editor: string;
  viewer: string;
  notSet: string;
  disabled: string;
  enabled: string;
  accountDisabled: string;
  lastAdmin: string;
  invitedMail: RegExp;
  changes: string[];
}

const WORDS: Words[] = [
  {
    lang: 'zh',
    admin: ['demo', 'demo12345'],
    operations: '运营管理',
    screen: '员工账号',
    invite: '邀请员工',
    editor: '编辑',
    viewer: '只读用户',
    notSet: '待设置（已邀请）',
    disabled: '停用',
    enabled: '启用',
    accountDisabled: '账号已停用',
    lastAdmin: 'demo 是本品牌最后一个启用的管理员，不能停用或改为其他角色；请先设置另一位管理员',
    invitedMail: /邀请您/,
    changes: ['停用', '邀请'],
  },
  {
    lang: 'en',
    admin: ['other', 'other12345'],
    operations: 'Operations',
    screen: 'Staff accounts',
    invite: 'Invite staff',
    editor: 'Editor',
    viewer: 'Viewer',
    notSet: 'Not yet (invited)',
    disabled: 'Disabled',
    enabled: 'Enabled',
    accountDisabled: 'This account is disabled',
    lastAdmin:
      'other is the brand’s last active admin and cannot be disabled or given another role; make another account admin first',
    invitedMail: /invites you/,
    changes: ['Disabled', 'Invited'],
  },
];

/** A fresh browser profile in the language (chosen on the login page, kept for the session). */
async function pageIn(lang: 'zh' | 'en'): Promise<Page> {
  const page = await h.newPage();
  await page.goto('/login');
  if (lang === 'en') await page.getByTestId('language-select').selectOption('en');
  return page;
}

describe.each(WORDS)('staff accounts in $lang', (w) => {
  const account = `cook-${w.lang}`;
  const email = `cook-${w.lang}@staff.test`;
  const password = `Cook${w.lang}2024`;

  it('invites by email; the invitee sets a password from the mail and logs in with the role; disabled, refused', async () => {
    const admin = await pageIn(w.lang);
    await loginAs(admin, ...w.admin);
    await admin.getByTestId('menu-group-operations').click();
    await admin.getByTestId('sidebar').getByRole('link', { name: w.screen }).click();
    await admin.getByTestId('page-title').getByText(w.screen).waitFor();
    await row(admin, w.admin[0]).waitFor();

    await admin.getByTestId('staff-invite').click();
    await admin.getByTestId('staff-account').fill(account);
    await admin.getByTestId('staff-email').fill(email);
    await admin.getByTestId('staff-name').fill('Cook');
    await admin.getByTestId('staff-role').click();
    await admin.getByRole('option', { name: w.editor, exact: true }).click();
    await admin.getByTestId('staff-submit').click();
    await row(admin, account).getByText(w.notSet).waitFor();

    // The invitation arrives at the SMTP sink with the link to the first-login page, the email filled in.
    const invitation = mailText((await mailTo(email, w.invitedMail)).raw);
    const link = /https?:\/\/\S+\/set-password\?\S+/.exec(invitation)?.[0];
    expect(link).toContain(`/set-password?flag=login&email=${encodeURIComponent(email)}`);
    const invitee = await pageIn(w.lang);
    await invitee.goto(link!);
    await expect(invitee.getByTestId('sp-email').inputValue()).resolves.toBe(email);
    await invitee.getByTestId('sp-send').click();
    const code = emailCode((await mailTo(email, /\d{6}/)).raw)!;
    await invitee.getByTestId('sp-code').fill(code);
    await invitee.getByTestId('sp-new').fill(password);
    await invitee.getByTestId('sp-confirm').fill(password);
    await invitee.getByTestId('sp-submit').click();
    await invitee.getByTestId('set-password-done').waitFor();
    await invitee.getByTestId('back-to-login').click();
    await invitee.waitForURL('**/login');
    await submitLogin(invitee, account, password);
    await invitee.waitForURL('**/home');
    await invitee.goto('/personage-detail');
    await expect(invitee.getByTestId('me-role-value').textContent()).resolves.toBe(w.editor);
    // An editor's menu has no staff screen.
    await invitee.getByTestId('menu-group-operations').click();
    await invitee.getByTestId('sidebar').getByRole('link').first().waitFor();
    await expect(invitee.getByTestId('sidebar').getByRole('link', { name: w.screen }).count()).resolves.toBe(
      0,
    );

    // The admin disables the account: the invitee's session ends and the login is refused.
    await row(admin, account).getByTestId('staff-toggle').click();
    await admin.getByTestId('confirm-ok').click();
    await row(admin, account).getByTestId('staff-status').getByText(w.disabled, { exact: true }).waitFor();
    await invitee.reload();
    await invitee.waitForURL('**/login**');
    await submitLogin(invitee, account, password);
    await expect(invitee.getByTestId('login-error').textContent()).resolves.toBe(w.accountDisabled);

    // Each change is in the account's trail.
    await row(admin, account).getByTestId('staff-history').click();
    await admin.getByTestId('staff-change').nth(1).waitFor();
    const actions = await admin.getByTestId('staff-change').locator('td:nth-child(2)').allTextContents();
    expect(actions).toEqual(w.changes);
    await admin.keyboard.press('Escape');

    // Enabled again, the invitee logs in.
    await row(admin, account).getByTestId('staff-toggle').click();
    await admin.getByTestId('confirm-ok').click();
    await row(admin, account).getByTestId('staff-status').getByText(w.enabled, { exact: true }).waitFor();
    await submitLogin(invitee, account, password);
    // Back where the ended session left it.
    await invitee.waitForURL('**/personage-detail');
  });

  it('refuses to demote the brand’s last active admin, saying why', async () => {
    const admin = await pageIn(w.lang);
    await loginAs(admin, ...w.admin);
    await admin.goto('/staff-list');
    await row(admin, w.admin[0]).getByTestId('staff-edit').click();
    await admin.getByTestId('staff-role').click();
    await admin.getByRole('option', { name: w.viewer, exact: true }).click();
    await admin.getByTestId('staff-submit').click();
    await admin.getByText(w.lastAdmin).waitFor();
  });
});
