import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { eventually, codeInMail, mailText } from '@kb/testing';
import { Client, loggedIn, signedIn, startTestApi, type TestApi } from './harness.js';

/** Polls until `find` returns something (the SMTP sink stores a mail as it arrives), or fails after 10 s. */
async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  return (await eventually(find, (found) => found !== undefined, 10_000, what)) as T;
}

describe('staff accounts of a brand (/api/staff)', () => {
  let api: TestApi;
  let admin: Client;
  let pool: pg.Pool;
  beforeAll(async () => {
    api = await startTestApi();
    pool = new pg.Pool({ connectionString: api.db.url });
    admin = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
  });
  afterAll(async () => {
    await pool.end();
    await api.stop();
  });

  const invite = (client: Client, body: Record<string, unknown>) => client.post('/api/staff/invite', body);
  const mailTo = (email: string, subject: RegExp) =>
    waitFor(
      () => api.mails.find((m) => m.to === email && subject.test(mailText(m.raw))),
      `a mail to ${email}`,
    );

  it('lists only the caller brand’s accounts, paged, with filters', async () => {
    const page = await admin.get('/api/staff/list?pageNum=1&pageSize=10');
    expect(page.status).toBe(200);
    expect(page.data.list.map((s: { account: string }) => s.account).sort()).toEqual([
      'audit',
      'demo',
      'editor',
      'viewer',
    ]);
    expect(page.data).toMatchObject({ total: 4, pageNum: 1, pageSize: 10 });
    const viewers = await admin.get('/api/staff/list?role=viewer');
    expect(viewers.data.list).toEqual([
      expect.objectContaining({ account: 'viewer', role: 'viewer', status: 'enabled', passwordSet: true }),
    ]);
    const other = await loggedIn(api.baseUrl, 'other', 'other12345');
    const theirs = await other.get('/api/staff/list');
    expect(theirs.data.list.map((s: { account: string }) => s.account)).toEqual(['other']);
    expect((await admin.get('/api/staff/list?pageSize=7')).status).toBe(400);
  });

  it('is for admins only: editor, auditor and viewer get 403', async () => {
    for (const client of Object.values(await signedIn(api.baseUrl, 'en', 'editor', 'audit', 'viewer'))) {
      expect((await client.get('/api/staff/list')).status).toBe(403);
      expect(
        (await invite(client, { account: 'x1', email: 'x1@demo.test', name: 'X', role: 'viewer' })).status,
      ).toBe(403);
    }
  });

  it('invites by email: the invitee sets a password through first login and logs in with the role', async () => {
    const answer = await invite(admin, {
      account: 'newcook',
      email: 'newcook@demo.test',
      name: 'New Cook',
      role: 'editor',
    });
    expect(answer).toMatchObject({
      status: 200,
      desc: 'Invitation sent: they can log in once they set a password from the mail',
      data: { account: 'newcook', role: 'editor', status: 'enabled', passwordSet: false },
    });
    const mail = await mailTo('newcook@demo.test', /invites you/);
    const text = mailText(mail.raw);
    expect(text).toContain('Your account: newcook');
    expect(text).toContain(`${api.baseUrl}/set-password?flag=login&email=newcook%40demo.test`);

    // Not yet usable: no password.
    expect((await new Client(api.baseUrl, 'en').login('newcook', 'Cook12345')).status).toBe(400);
    const invitee = new Client(api.baseUrl, 'en');
    expect(
      await invitee.post('/api/email/captcha', { email: 'newcook@demo.test', flag: 'login' }),
    ).toMatchObject({ status: 200 });
    const codeMail = await mailTo('newcook@demo.test', /verification code/);
    const set = await invitee.post('/api/sysUser/setPassword', {
      email: 'newcook@demo.test',
      code: codeInMail(codeMail.raw),
      flag: 'login',
      newPassword: 'Cook12345',
      confirmPassword: 'Cook12345',
    });
    expect(set.status).toBe(200);
    const login = await invitee.login('newcook', 'Cook12345');
    expect(login).toMatchObject({ status: 200, data: { user: { role: 'editor', brandOwnerCode: 'DEMO' } } });
    // An editor edits recipes' reference data but not staff.
    expect((await invitee.get('/api/staff/list')).status).toBe(403);
    const listed = await admin.get('/api/staff/list?keyword=newcook');
    expect(listed.data.list[0]).toMatchObject({ account: 'newcook', passwordSet: true });
  });

  it('invites in Chinese when asked in Chinese', async () => {
    const zh = new Client(api.baseUrl, 'zh');
    zh.cookies = admin.cookies;
    const answer = await invite(zh, {
      account: 'zhcook',
      email: 'zhcook@demo.test',
      name: '厨师',
      role: 'viewer',
    });
    expect(answer).toMatchObject({ status: 200, desc: '邀请已发送，对方通过邮件设置密码后即可登录' });
    const mail = await mailTo('zhcook@demo.test', /邀请您/);
    expect(mailText(mail.raw)).toContain('“只读”角色');
  });

  it('refuses bad input and taken names with zh and en messages', async () => {
    const bad = await invite(admin, { account: 'a b', email: 'nope', name: '', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({
      account: 'The account must be 2 to 64 letters, digits or . _ @ -',
      email: 'Please enter a correct email address',
      name: 'Name cannot be empty',
      role: 'The role must be admin, editor, auditor or viewer',
    });
    const takenAccount = await invite(admin, {
      account: 'OTHER',
      email: 'o2@demo.test',
      name: 'O',
      role: 'viewer',
    });
    expect(takenAccount).toMatchObject({ status: 409, desc: 'This account already exists' });
    const takenEmail = await invite(admin, {
      account: 'o3',
      email: 'Other@Other.kitchen.local',
      name: 'O',
      role: 'viewer',
    });
    expect(takenEmail).toMatchObject({ status: 409, desc: 'Another account already uses this email' });
  });

  it('changes a role, disables (sessions end, login refused) and enables again, each in the audit trail', async () => {
    const created = await invite(admin, {
      account: 'temp',
      email: 'temp@demo.test',
      name: 'Temp',
      role: 'viewer',
    });
    const id = created.data.id as string;
    const set = await pool.query(
      `UPDATE staff_users SET password_hash = (SELECT password_hash FROM staff_users WHERE account = 'viewer'),
       first_login = false WHERE id = $1`,
      [id],
    );
    expect(set.rowCount).toBe(1);
    const temp = await loggedIn(api.baseUrl, 'temp', 'viewer12345', 'en');
    expect((await temp.get('/api/auth/me')).status).toBe(200);

    const promoted = await admin.post('/api/staff/update', { id, name: 'Temp Two', role: 'auditor' });
    expect(promoted).toMatchObject({ status: 200, data: { role: 'auditor', name: 'Temp Two' } });
    expect((await temp.get('/api/auth/me')).data).toMatchObject({ user: { role: 'auditor' } });

    const disabled = await admin.post('/api/staff/disable', { id });
    expect(disabled).toMatchObject({ status: 200, data: { status: 'disabled' } });
    expect((await temp.get('/api/auth/me')).status).toBe(401);
    const again = await new Client(api.baseUrl, 'en').login('temp', 'viewer12345');
    expect(again).toMatchObject({ status: 403, desc: 'This account is disabled' });

    expect(await admin.post('/api/staff/enable', { id })).toMatchObject({
      status: 200,
      data: { status: 'enabled' },
    });
    expect((await new Client(api.baseUrl, 'en').login('temp', 'viewer12345')).status).toBe(200);

    const trail = await admin.get(`/api/staff/changes?id=${id}`);
    expect(
      trail.data.list.map((c: Record<string, unknown>) => [
        c.action,
        c.actor,
        c.roleBefore,
        c.roleAfter,
        c.nameAfter,
      ]),
    ).toEqual([
      ['enabled', 'demo', null, null, null],
      ['disabled', 'demo', null, null, null],
      ['updated', 'demo', 'viewer', 'auditor', 'Temp Two'],
      ['invited', 'demo', null, 'viewer', 'Temp'],
    ]);
  });

  it('keeps the last active admin: no disabling or demoting it (zh and en), but a second admin makes it possible', async () => {
    const other = await loggedIn(api.baseUrl, 'other', 'other12345', 'en');
    const me = (await other.get('/api/staff/list')).data.list[0];
    const demote = await other.post('/api/staff/update', { id: me.id, name: me.name, role: 'editor' });
    expect(demote).toMatchObject({
      status: 409,
      desc: 'other is the brand’s last active admin and cannot be disabled or given another role; make another account admin first',
    });
    other.lang = 'zh';
    const disable = await other.post('/api/staff/disable', { id: me.id });
    expect(disable).toMatchObject({
      status: 409,
      desc: 'other 是本品牌最后一个启用的管理员，不能停用或改为其他角色；请先设置另一位管理员',
    });
    const second = await invite(other, {
      account: 'other2',
      email: 'other2@other.test',
      name: 'Two',
      role: 'admin',
    });
    expect(second.status).toBe(200);
    // A disabled second admin does not count.
    expect((await other.post('/api/staff/disable', { id: second.data.id })).status).toBe(200);
    expect((await other.post('/api/staff/update', { id: me.id, name: me.name, role: 'editor' })).status).toBe(
      409,
    );
    expect((await other.post('/api/staff/enable', { id: second.data.id })).status).toBe(200);
    expect((await other.post('/api/staff/update', { id: me.id, name: me.name, role: 'viewer' })).status).toBe(
      200,
    );
    // Now other2 is the last admin, and other (a viewer) cannot manage staff any more.
    expect((await other.get('/api/staff/list')).status).toBe(403);
  });

  it('answers 404 for another brand’s account, whatever the action, and leaves it alone', async () => {
    const theirId = (await pool.query<{ id: string }>(`SELECT id FROM staff_users WHERE account = 'other2'`))
      .rows[0]!.id;
    for (const [url, body] of [
      ['/api/staff/update', { id: theirId, name: 'Mine', role: 'viewer' }],
      ['/api/staff/disable', { id: theirId }],
      ['/api/staff/enable', { id: theirId }],
    ] as const) {
      expect(await admin.post(url, body)).toMatchObject({
        status: 404,
        desc: 'Staff account does not exist',
      });
    }
    expect((await admin.get(`/api/staff/changes?id=${theirId}`)).status).toBe(404);
    const row = await pool.query(`SELECT role, disabled, name FROM staff_users WHERE id = $1`, [theirId]);
    expect(row.rows[0]).toEqual({ role: 'admin', disabled: false, name: 'Two' });
  });
});

describe('an invitation whose mail cannot be sent', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Nothing listens on port 1: every mail fails.
    api = await startTestApi({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('answers 503 and leaves no account behind, so trying again is not refused as taken', async () => {
    const admin = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    const body = { account: 'unmailed', email: 'unmailed@demo.test', name: 'Unmailed', role: 'viewer' };
    expect(await admin.post('/api/staff/invite', body)).toMatchObject({
      status: 503,
      desc: 'The email could not be sent',
    });
    expect((await admin.get('/api/staff/list?keyword=unmailed')).data.total).toBe(0);
    expect(await admin.post('/api/staff/invite', body)).toMatchObject({ status: 503 });
  });
});
