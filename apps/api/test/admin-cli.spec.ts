import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { brandOfActivationKey } from '@kb/devices';
import { codeInMail, mailText } from '@kb/testing';
import { Client, startTestApi, type TestApi } from './harness.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `npm run admin` as the operator runs it: the real script and the built CLI in their own process, on the
 * database of a running API, whose screens then show what the CLI made.
 */
describe('the operator’s CLI (npm run admin)', () => {
  let api: TestApi;
  let pool: pg.Pool;
  beforeAll(async () => {
    if (!existsSync(path.join(repoRoot, 'apps/api/dist/admin-cli.js')))
      throw new Error('apps/api/dist/admin-cli.js is missing: build the API first (nx run @kb/api:build)');
    // No demo data: the brand and its staff come from the CLI alone.
    api = await startTestApi({ SEED_DEMO: 'false' });
    pool = new pg.Pool({ connectionString: api.db.url });
  });
  afterAll(async () => {
    await pool.end();
    await api.stop();
  });

  const admin = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(repoRoot, 'scripts/admin.mjs'), ...args],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            DATABASE_URL: api.config.DATABASE_URL,
            ADMIN_SKIP_BUILD: 'true',
            LOG_LEVEL: 'silent',
          },
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('creates a usable brand and its first admin, who sets a password by email and logs in', async () => {
    const created = await admin(
      'brand',
      'create',
      '--code',
      'ACME',
      '--name',
      'Acme Kitchen',
      '--languages',
      'en,de',
    );
    expect(created.code).toBe(0);
    const key = created.stdout.match(/activation key[^\n]*\n(\S+)\n/)?.[1];
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await brandOfActivationKey(pool, key!)).toBe('ACME');
    const languages = await pool.query(
      'SELECT lang_code, is_main FROM brand_languages WHERE brand_owner_code = $1 ORDER BY sort',
      ['ACME'],
    );
    expect(languages.rows).toEqual([
      { lang_code: 'en', is_main: true },
      { lang_code: 'de', is_main: false },
    ]);

    const again = await admin('brand', 'create', '--code', 'ACME', '--name', 'Again');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Refused: Brand ACME already exists');
    expect(again.stderr).toContain('拒绝：品牌 ACME 已存在');

    const boss = await admin(
      'staff',
      'create',
      '--brand',
      'ACME',
      '--account',
      'acme',
      '--email',
      'boss@acme.test',
      '--name',
      'Boss',
      '--role',
      'admin',
    );
    expect(boss.code).toBe(0);
    const client = new Client(api.baseUrl, 'en');
    await client.post('/api/email/captcha', { email: 'boss@acme.test', flag: 'login' });
    const mail = api.mails.find((m) => m.to === 'boss@acme.test');
    expect(mail && mailText(mail.raw)).toContain('verification code');
    expect(
      await client.post('/api/sysUser/setPassword', {
        email: 'boss@acme.test',
        code: codeInMail(mail!.raw),
        flag: 'login',
        newPassword: 'Acme12345',
        confirmPassword: 'Acme12345',
      }),
    ).toMatchObject({ status: 200 });
    expect(await client.login('acme', 'Acme12345')).toMatchObject({
      status: 200,
      data: { user: { role: 'admin', brandOwnerCode: 'ACME', brandName: 'Acme Kitchen' } },
    });
    const languagesSeen = await client.get('/api/sysSupportLang/list');
    expect(JSON.stringify(languagesSeen.data)).toContain('de');
    const staff = await client.get('/api/staff/list');
    expect(staff.data.list.map((s: { account: string }) => s.account)).toEqual(['acme']);
    const trail = await client.get(`/api/staff/changes?id=${staff.data.list[0].id}`);
    expect(trail.data.list).toEqual([
      expect.objectContaining({ action: 'created', actor: 'operator', roleAfter: 'admin' }),
    ]);
  });

  it('keeps the last admin, changes roles, and a disabled brand’s staff are signed out and refused', async () => {
    const demote = await admin('staff', 'role', '--brand', 'ACME', '--account', 'acme', '--role', 'viewer');
    expect(demote.code).toBe(1);
    expect(demote.stderr).toContain('acme is the brand’s last active admin');
    expect(demote.stderr).toContain('acme 是本品牌最后一个启用的管理员');

    const bad = await admin(
      'staff',
      'create',
      '--brand',
      'ACME',
      '--account',
      'ed',
      '--email',
      'x',
      '--name',
      'Ed',
      '--role',
      'editor',
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Please enter a correct email address');
    const wrongRole = await admin('staff', 'role', '--brand', 'ACME', '--account', 'acme', '--role', 'owner');
    expect(wrongRole.code).toBe(2);
    expect(wrongRole.stderr).toContain('--role must be one of admin, auditor, editor, viewer');
    const elsewhere = await admin('staff', 'disable', '--brand', 'NOPE', '--account', 'acme');
    expect(elsewhere.stderr).toContain('Staff account does not exist');

    const session = new Client(api.baseUrl, 'en');
    expect((await session.login('acme', 'Acme12345')).status).toBe(200);
    const disabled = await admin('brand', 'disable', '--code', 'ACME');
    expect(disabled).toMatchObject({ code: 0 });
    expect(disabled.stdout).toContain('1 staff account(s) disabled');
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect(await new Client(api.baseUrl, 'en').login('acme', 'Acme12345')).toMatchObject({
      status: 403,
      desc: 'This account is disabled',
    });
    const refused = await admin('staff', 'enable', '--brand', 'ACME', '--account', 'acme');
    expect(refused.stderr).toContain('Brand ACME is disabled');

    expect((await admin('brand', 'enable', '--code', 'ACME')).code).toBe(0);
    expect((await admin('staff', 'enable', '--brand', 'ACME', '--account', 'acme')).code).toBe(0);
    expect((await new Client(api.baseUrl, 'en').login('acme', 'Acme12345')).status).toBe(200);
  });
});
