import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually, startSystem, type RunningSystem } from '@kb/testing';

/*
 * Several processes on one Postgres and one Redis, as production runs them: two built API processes and two built
 * device-ingest processes (each INGEST_ROLE=all: device and app API with the workers). Posts spread over both
 * gateways are stored once each; what one process revokes or signs out, every other refuses.
 */

const login = async (base: string) => {
  const cookies = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(base + url, {
      method,
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      headers: {
        'x-lang': 'en',
        'x-requested-with': 'kb-admin',
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
    return (await res.json()) as { status: number; desc: string; data: any };
  };
  const captcha = await fetch(`${base}/api/auth/captcha`);
  for (const c of captcha.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair!.indexOf('=');
    cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
  }
  const form = new FormData();
  form.set('account', 'demo');
  form.set('password', createHash('md5').update('demo12345').digest('hex'));
  form.set('captcha', '0000');
  form.set('sysFlag', 'brand');
  const answer = await call('POST', '/api/auth/login', form);
  if (answer.status !== 200) throw new Error(`login failed: ${answer.desc}`);
  /** The same session's cookies sent to another API process. */
  const on = (other: string) => login.with(other, cookies);
  return { call, on };
};
login.with = (base: string, cookies: Map<string, string>) => async (method: string, url: string) => {
  const res = await fetch(base + url, {
    method,
    headers: {
      'x-lang': 'en',
      'x-requested-with': 'kb-admin',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  return (await res.json()) as { status: number; desc: string; data: any };
};

describe('two API and two device-ingest processes on one Postgres and one Redis', () => {
  let system: RunningSystem;
  let pool: pg.Pool;
  let apis: string[];
  let gateways: string[];

  beforeAll(async () => {
    system = await startSystem({
      // Credentials and sign-ins are trusted for long: only a revocation heard can end them in time.
      env: { INGEST_AUTH_CACHE_MS: '600000', LOG_LEVEL: 'info' },
    });
    apis = [system.baseUrl, await system.startApi()];
    gateways = (await Promise.all([system.startIngest(), system.startIngest()])).map(
      (port) => `http://127.0.0.1:${port}`,
    );
    pool = new pg.Pool({ connectionString: system.db.url, max: 2 });
  }, 240_000);

  afterAll(async () => {
    await pool?.end();
    await system?.stop();
  });

  /** A post as a device or app sends it: again after a refusal for load (503 + Retry-After), until taken. */
  const post = (gateway: string, route: string, token: string, body?: unknown) =>
    eventually(
      () => postOnce(gateway, route, token, body),
      (a) => a.http !== 503,
      60_000,
      `${route} taken`,
    );
  async function postOnce(gateway: string, route: string, token: string, body?: unknown) {
    const res = await fetch(gateway + route, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return { http: res.status, ...((await res.json()) as { status: number; desc: string; data: any }) };
  }

  /** A device of DEMO with a credential, written the way activation writes it. */
  async function device() {
    const id = randomUUID();
    const credentialId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    await pool.query(
      `INSERT INTO devices (id, brand_owner_code, sn, product_code, sub_brand_code, sub_model, apk_version, activated_at)
       VALUES ($1, 'DEMO', $2, 'TM-6', 'DEMO-CHEF', 'ChefMate C6', '2.1.0', now())`,
      [id, `MP${id.slice(0, 8)}`],
    );
    await pool.query('INSERT INTO device_credentials (id, device_id, secret_hash) VALUES ($1, $2, $3)', [
      credentialId,
      id,
      createHash('sha256').update(secret).digest(),
    ]);
    return { id, token: `${credentialId}.${secret}` };
  }

  const sample = (messageId: string) => ({
    messageId,
    sampledAt: new Date().toISOString(),
    mode: 'BOIL',
    extra: { temperatureC: 90 },
  });

  it('stores posts spread over both gateways once each, resends through the other one included', async () => {
    const devices = await Promise.all(Array.from({ length: 8 }, device));
    const posts = devices.flatMap((d, i) =>
      Array.from({ length: 25 }, (_, k) => ({
        d,
        message: sample(`m-${i}-${k}`),
        gateway: gateways[k % 2]!,
      })),
    );
    const answers = await Promise.all(
      posts.map((p) => post(p.gateway, '/device/v1/telemetry', p.d.token, { messages: [p.message] })),
    );
    expect(answers.map((a) => a.http).filter((s) => s !== 202)).toEqual([]);
    // Every post again, through the other gateway (a device that timed out and resent elsewhere).
    const resent = await Promise.all(
      posts.map((p) =>
        post(gateways[p.gateway === gateways[0] ? 1 : 0]!, '/device/v1/telemetry', p.d.token, {
          messages: [p.message],
        }),
      ),
    );
    expect(resent.map((a) => a.http).filter((s) => s !== 202)).toEqual([]);
    const ids = devices.map((d) => d.id);
    const stored = await eventually(
      async () =>
        (
          await pool.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM device_telemetry WHERE device_id = ANY($1::uuid[])',
            [ids],
          )
        ).rows[0]!.n,
      (n) => n >= posts.length,
      60_000,
      'all posts stored',
    );
    expect(stored).toBe(posts.length);
    const { rows } = await pool.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (device_id, message_id))::int AS distinct
         FROM device_telemetry WHERE device_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(rows[0]).toEqual({ n: posts.length, distinct: posts.length });
  });

  it('refuses on every gateway a device credential revoked through an API process', async () => {
    const d = await device();
    // Both gateways have checked the credential and trust it.
    for (const g of gateways)
      expect((await post(g, '/device/v1/telemetry', d.token, { messages: [sample('before')] })).http).toBe(
        202,
      );
    const staff = await login(apis[1]!);
    const answer = await staff.call('POST', '/api/device/revokeCredential', { ids: [d.id] });
    expect(answer.status).toBe(200);
    for (const g of gateways)
      await eventually(
        () => post(g, '/device/v1/telemetry', d.token, { messages: [sample(`after-${g}`)] }),
        (a) => a.http === 401,
        5_000,
        `the revoked credential refused by ${g}`,
      );
  });

  it('refuses on the other gateway an app token signed out through one', async () => {
    const account = `multi-${randomBytes(4).toString('hex')}@app.example.com`;
    const registered = await post(gateways[0]!, '/app/v1/register', '', {
      brandOwnerCode: 'DEMO',
      account,
      password: 'secret-123',
    });
    expect(registered.http).toBe(200);
    const token = registered.data.token as string;
    // The other gateway checks the token once and trusts it.
    const me = await fetch(`${gateways[1]}/app/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await post(gateways[0]!, '/app/v1/sign-out', token)).http).toBe(200);
    await eventually(
      async () =>
        (await fetch(`${gateways[1]}/app/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status,
      (status) => status === 401,
      5_000,
      'the signed-out token refused by the other gateway',
    );
  });

  it('ends a console session signed out on one API process on the other too', async () => {
    const staff = await login(apis[0]!);
    const other = staff.on(apis[1]!);
    expect((await other('GET', '/api/auth/me')).status).toBe(200);
    expect((await staff.call('POST', '/api/auth/logout')).status).toBe(200);
    expect((await other('GET', '/api/auth/me')).status).toBe(401);
  });
});
