import { md5Hex } from '../src/modules/auth/password.js';
import { codeInMail, mailText } from '@kb/testing';
import { Client, loggedIn, startTestApi, type TestApi } from './harness.js';

describe('password and email code flows', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    // A staff member who has never set a password (first-time setup by email code).
    const { Pool } = (await import('pg')).default;
    const pool = new Pool({ connectionString: api.db.url });
    await pool.query(
      `INSERT INTO staff_users (brand_owner_code, account, email, name, role, first_login) VALUES ('DEMO','newbie','newbie@demo.kitchen.local','New staff','editor', true)`,
    );
    await pool.end();
  });
  afterAll(async () => {
    await api.stop();
  });

  it('refuses an email that is not in the system with the §5 message', async () => {
    const res = await new Client(api.baseUrl, 'en').post('/api/email/captcha', {
      email: 'nobody@nowhere.test',
      flag: 'forget',
    });
    expect(res).toMatchObject({ status: 400, desc: 'Email not added to system' });
    const zh = await new Client(api.baseUrl, 'zh').post('/api/email/captcha', {
      email: 'nobody@nowhere.test',
      flag: 'forget',
    });
    expect(zh.desc).toBe('邮箱未添加到系统');
  });

  it('mails the code in the caller’s language (zh mails travel base64-encoded)', async () => {
    const res = await new Client(api.baseUrl, 'zh').post('/api/email/captcha', {
      email: 'audit@demo.kitchen.local',
      flag: 'forget',
    });
    expect(res).toMatchObject({ status: 200, desc: '验证码已发送' });
    const mail = api.mails.find((m) => m.to === 'audit@demo.kitchen.local')!;
    expect(mailText(mail.raw)).toContain('您的验证码是');
    expect(codeInMail(mail.raw)).toMatch(/^\d{6}$/);
  });

  it('refuses an invalid email with a field message', async () => {
    const res = await new Client(api.baseUrl, 'en').post('/api/email/captcha', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors.email).toBe('Please enter a correct email address');
  });

  it('first-time setup: code by mail, wrong code refused, then the new password logs in', async () => {
    const client = new Client(api.baseUrl, 'en');
    const sent = await client.post('/api/email/captcha', {
      email: 'newbie@demo.kitchen.local',
      flag: 'login',
    });
    expect(sent).toMatchObject({ status: 200, desc: 'Verification code sent' });
    const mail = api.mails.find((m) => m.to === 'newbie@demo.kitchen.local');
    const code = codeInMail(mail!.raw)!;
    expect(code).toMatch(/^\d{6}$/);

    const tooSoon = await client.post('/api/email/captcha', {
      email: 'newbie@demo.kitchen.local',
      flag: 'login',
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.desc).toMatch(/Sent too recently; try again in \d+ seconds/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client.post('/api/email/verify', {
      email: 'newbie@demo.kitchen.local',
      code: wrongCode,
    });
    expect(wrong).toMatchObject({ status: 400, desc: 'The email verification code is wrong' });
    expect(
      (await client.post('/api/email/verify', { email: 'newbie@demo.kitchen.local', code })).status,
    ).toBe(200);

    const weak = await client.post('/api/sysUser/setPassword', {
      email: 'newbie@demo.kitchen.local',
      code,
      flag: 'login',
      newPassword: 'short1',
      confirmPassword: 'short1',
    });
    expect(weak.data.fieldErrors.newPassword).toBe(
      'The password must contain letters and digits, at least 8 characters',
    );
    const mismatch = await client.post('/api/sysUser/setPassword', {
      email: 'newbie@demo.kitchen.local',
      code,
      flag: 'login',
      newPassword: 'kitchen2026',
      confirmPassword: 'kitchen2027',
    });
    expect(mismatch.data.fieldErrors.confirmPassword).toBe('The two passwords do not match');

    const set = await client.post('/api/sysUser/setPassword', {
      email: 'newbie@demo.kitchen.local',
      code,
      flag: 'login',
      newPassword: 'kitchen2026',
      confirmPassword: 'kitchen2026',
    });
    expect(set.status).toBe(200);
    const login = await new Client(api.baseUrl).login('newbie', 'kitchen2026');
    expect(login.data.user).toMatchObject({ account: 'newbie', firstLogin: false });

    const reused = await client.post('/api/sysUser/setPassword', {
      email: 'newbie@demo.kitchen.local',
      code,
      flag: 'forget',
      newPassword: 'kitchen2028',
      confirmPassword: 'kitchen2028',
    });
    expect(reused).toMatchObject({
      status: 400,
      desc: 'The email verification code has expired; request a new one',
    });
  });

  it('changing one’s password checks the original, applies §5 rules and ends the other sessions', async () => {
    const here = await loggedIn(api.baseUrl, 'editor', 'editor12345', 'en');
    const elsewhere = await loggedIn(api.baseUrl, 'editor', 'editor12345', 'en');
    const wrongOriginal = await here.post('/api/sysUser/updatePassword', {
      originalPassword: md5Hex('nope1234'),
      newPassword: 'brandnew123',
      confirmPassword: 'brandnew123',
    });
    expect(wrongOriginal).toMatchObject({ status: 400, desc: 'The original password is wrong' });
    const lettersOnly = await here.post('/api/sysUser/updatePassword', {
      originalPassword: md5Hex('editor12345'),
      newPassword: 'onlyletters',
      confirmPassword: 'onlyletters',
    });
    expect(lettersOnly.status).toBe(400);
    const done = await here.post('/api/sysUser/updatePassword', {
      originalPassword: md5Hex('editor12345'),
      newPassword: 'brandnew123',
      confirmPassword: 'brandnew123',
    });
    expect(done.status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await new Client(api.baseUrl).login('editor', 'brandnew123')).status).toBe(200);
    expect((await new Client(api.baseUrl).login('editor', 'editor12345')).status).toBe(400);
  });
});
