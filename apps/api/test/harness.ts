import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import {
  createTestDatabase,
  eventStoreEnv,
  redisUrl,
  runTemplateDatabase,
  startSmtpSink,
  type ReceivedMail,
  type TestDatabase,
} from '@kb/testing';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@kb/contracts';
import type { EventStore } from '@kb/event-store';
import { closeRedis, createPool, type Pool } from '@kb/platform';
import { allProjections, runProjections } from '@kb/read-models';
import { createApp } from '../src/app.factory.js';
import { prepareDatabase } from '../src/bootstrap.js';
import { READ_POSITION_HEADER } from '../src/infra/read-your-writes.js';
import { EVENT_STORE } from '../src/infra/tokens.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { md5Hex } from '../src/modules/auth/password.js';

export const TEST_CAPTCHA = '0000';

/** The routes anyone may call without a session: signing in, password reset by email, health, and what a
 * signed-out page reads (the H5 page a banner or a shared recipe opens in the app's webview). */
export const PUBLIC_ROUTES = [
  'GET /api/auth/captcha',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/email/captcha',
  'POST /api/email/verify',
  'POST /api/sysUser/setPassword',
  'GET /api/health',
  'GET /api/public/config',
  'GET /api/h5/share',
  'GET /api/h5/image',
];

export interface TestApi {
  baseUrl: string;
  config: AppConfig;
  db: TestDatabase;
  app: NestExpressApplication;
  mails: ReceivedMail[];
  redis: Redis;
  stop(): Promise<void>;
}

/** The real API on a free port with a private database, a private Redis prefix, a real SMTP peer and demo data. */
export async function startTestApi(
  env: Record<string, string> = {},
  options: Parameters<typeof createApp>[1] = {},
): Promise<TestApi> {
  // A copy of the run's migrated and seeded database, unless the test seeds or stores events differently; the
  // migration step below then finds everything done.
  const template =
    env.SEED_DEMO === undefined && env.EVENT_STORE === undefined ? runTemplateDatabase() : undefined;
  const db = await createTestDatabase('kbapi', { template: template?.name });
  const smtp = await startSmtpSink();
  const filesDir = await mkdtemp(path.join(tmpdir(), 'kb-files-'));
  if (template) await cp(template.filesDir, filesDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl(),
    REDIS_PREFIX: `kbtest:${randomBytes(4).toString('hex')}:`,
    FILES_DIR: filesDir,
    SMTP_URL: smtp.url,
    CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    // The event store the suite runs on (README: the tests on KurrentDB); each suite in a namespace of its own.
    ...eventStoreEnv(db.name),
    ...env,
  });
  await prepareDatabase(config);
  const app = await createApp(config, options);
  if (!options.logDestination) app.useLogger(false);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  // One retry: a test that stopped its Redis on purpose must not wait for it here.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    db,
    app,
    mails: smtp.mails,
    redis,
    async stop() {
      await app.close();
      const keys = await redis.keys(`${config.REDIS_PREFIX}*`).catch(() => []);
      if (keys.length) await redis.del(...keys);
      await closeRedis(redis);
      await smtp.stop();
      await db.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** The test API with the projector beside it: its own pool (of `poolSize` clients) and the API's event store. */
export interface ProjectedApi extends TestApi {
  pool: Pool;
  store: EventStore;
}

/**
 * The test API with every projection running beside it, as the projector process would: what a command writes
 * reaches the read models the lists read. `stop` ends the projector, then the API.
 */
export async function startProjectedApi(
  env: Record<string, string> = {},
  poolSize = 6,
): Promise<ProjectedApi> {
  const api = await startTestApi(env);
  const pool = createPool(api.db.url, { max: poolSize });
  const store = api.app.get<EventStore>(EVENT_STORE);
  const projector = new AbortController();
  const projecting = runProjections(pool, store, allProjections, {
    signal: projector.signal,
    // Woken by the append hint, as in the test systems: the interval only bounds how long an event held back by an
    // older in-flight append waits (it was 20 ms, which kept four projections polling the log while idle).
    pollIntervalMs: 500,
  });
  return {
    ...api,
    pool,
    store,
    async stop() {
      projector.abort();
      await projecting;
      await pool.end();
      await api.stop();
    },
  };
}

/** A browser-like client of the web app: keeps cookies, sends the language header and the app's request marker. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    public lang: 'zh' | 'en' = 'zh',
  ) {}

  async request(
    method: string,
    url: string,
    init: { body?: RequestInit['body']; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      'x-lang': this.lang,
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
      ...init.headers,
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.baseUrl + url, { method, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    return res;
  }

  async json<T = any>(method: string, url: string, init?: Parameters<Client['request']>[2]) {
    const res = await this.request(method, url, init);
    const body = (await res.json()) as { status: number; desc: string; data: T };
    return { http: res.status, ...body };
  }

  get<T = any>(url: string) {
    return this.json<T>('GET', url);
  }

  post<T = any>(url: string, json?: unknown) {
    return this.json<T>('POST', url, { json: json ?? {} });
  }

  async login(account: string, password: string, captcha = TEST_CAPTCHA, remember = false) {
    await this.request('GET', '/api/auth/captcha');
    const form = new FormData();
    form.set('account', account);
    form.set('password', md5Hex(password));
    form.set('captcha', captcha);
    form.set('sysFlag', 'brand');
    form.set('remember', String(remember));
    return this.json('POST', '/api/auth/login', { body: form });
  }
}

export async function loggedIn(
  baseUrl: string,
  account = 'demo',
  password = 'demo12345',
  lang: 'zh' | 'en' = 'zh',
) {
  const client = new Client(baseUrl, lang);
  const res = await client.login(account, password);
  if (res.status !== 200) throw new Error(`login as ${account} failed: ${res.desc}`);
  return client;
}

/**
 * The seeded staff: DEMO's admin `demo`, auditor `audit`, editor `editor` and viewer `viewer`, and OTHER's admin
 * `other`; each one's password is its account followed by 12345.
 */
export type SeededAccount = 'demo' | 'audit' | 'editor' | 'viewer' | 'other';

/** Seeded staff signed in, each a client of its own in `lang`, keyed by account. */
export async function signedIn<A extends SeededAccount>(
  baseUrl: string,
  lang: 'zh' | 'en',
  ...accounts: A[]
): Promise<Record<A, Client>> {
  const clients = {} as Record<A, Client>;
  for (const account of accounts)
    clients[account] = await loggedIn(baseUrl, account, `${account}12345`, lang);
  return clients;
}

/**
 * Bytes a server accepts as a PNG, `size` of them: the signature, a 1x1 IHDR chunk and an IDAT chunk of filler
 * (the chunks are what a type detector reads past the signature). Below 41 bytes, the signature and filler.
 */
export function pngBytes(size = 72, fill = 1): Buffer {
  const signature = Buffer.from('89504e470d0a1a0a', 'hex');
  const ihdr = Buffer.from('0000000d494844520000000100000001080200000000000000', 'hex');
  const idat = Buffer.alloc(8);
  const rest = size - signature.length - ihdr.length - idat.length;
  if (rest < 0) return Buffer.concat([signature, Buffer.alloc(Math.max(0, size - 8), fill)]);
  idat.writeUInt32BE(rest, 0);
  idat.write('IDAT', 4, 'latin1');
  return Buffer.concat([signature, ihdr, idat, Buffer.alloc(rest, fill)]);
}

/** A multipart body with one file, as the upload form sends it. */
export function fileForm(bytes: Buffer, name: string, purpose?: string): FormData {
  const form = new FormData();
  if (purpose) form.set('purpose', purpose);
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

/** Uploads a file as `client` (for `purpose`, else as an image) and answers its file code. */
export async function uploadFile(
  client: Client,
  bytes: Buffer,
  name: string,
  purpose?: string,
): Promise<string> {
  const res = await client.json('POST', '/api/file/upload', { body: fileForm(bytes, name, purpose) });
  if (res.status !== 200) throw new Error(`upload failed: ${res.desc}`);
  return res.data.fileCode as string;
}

/** Uploads an image as `client` and answers its file code. */
export function uploadImage(client: Client, name = 'pic.png', bytes = pngBytes()): Promise<string> {
  return uploadFile(client, bytes, name);
}

/** A command's answer: the envelope, the HTTP status and the read position it reports (read-your-writes). */
export interface CommandAnswer {
  http: number;
  status: number;
  desc: string;
  data: any;
  code?: string;
  position: string | null;
}

export async function command(client: Client, url: string, json: unknown): Promise<CommandAnswer> {
  const res = await client.request('POST', url, { json });
  const body = (await res.json()) as Omit<CommandAnswer, 'http' | 'position'>;
  return { http: res.status, ...body, position: res.headers.get(READ_POSITION_HEADER) };
}

/** A query that reads its own write: sends back the position a command answered (or the one given). */
export function read(client: Client, url: string, after?: CommandAnswer | string | null) {
  const position = typeof after === 'string' ? after : after?.position;
  return client.json('GET', url, { headers: position ? { [READ_POSITION_HEADER]: position } : {} });
}

/**
 * A sorted list read whole and in pages of ten, ascending and descending: the pages hold the whole list's rows in
 * its order, and descending is ascending read backwards, ties included (the tie-break turns with the direction).
 * `url` carries the list's filters and `orderBy` and must find more than a page; `after` is the command whose
 * write the list must show. Answers the whole list ascending.
 */
export async function sortedBothWays<T extends { id: string }>(
  client: Client,
  url: string,
  after?: CommandAnswer,
): Promise<T[]> {
  const ids = (rows: T[]) => rows.map((r) => r.id);
  const both: T[][] = [];
  for (const order of ['asc', 'desc']) {
    const whole = await read(client, `${url}&order=${order}&onPage=false`, after);
    expect(whole.status).toBe(200);
    const rows: T[] = Array.isArray(whole.data) ? whole.data : whole.data.list;
    expect(rows.length).toBeGreaterThan(10);
    const paged: T[] = [];
    for (let pageNum = 1; paged.length < rows.length; pageNum++) {
      const page = await client.get<{ list: T[]; total: number }>(
        `${url}&order=${order}&pageSize=10&pageNum=${pageNum}`,
      );
      expect(page.data.total).toBe(rows.length);
      expect(page.data.list.length).toBeGreaterThan(0);
      paged.push(...page.data.list);
    }
    expect(ids(paged)).toEqual(ids(rows));
    both.push(rows);
  }
  expect(ids(both[1]!)).toEqual(ids(both[0]!).reverse());
  return both[0]!;
}

/**
 * A large list refuses a page number past the first 10,000 rows (page 1,001 of ten) without the cursor of the page
 * before, 400 in the caller's language on the form's page field. `url` is the list's path with any filters.
 */
export async function expectDeepPageRefused(client: Client, url: string): Promise<void> {
  const refusals = {
    zh: '按页码最多跳到第1000页，更后面的页请逐页点击“下一页”，或缩小筛选范围',
    en: 'Page numbers go up to page 1000; go further with “Next page”, or narrow the filters',
  };
  for (const [lang, desc] of Object.entries(refusals) as ['zh' | 'en', string][]) {
    const asking = new Client(client.baseUrl, lang);
    asking.cookies = client.cookies;
    const deep = await asking.get(`${url}${url.includes('?') ? '&' : '?'}pageNum=1001&pageSize=10`);
    expect(deep).toMatchObject({ status: 400, desc, data: { fieldErrors: { pageNum: desc } } });
  }
}

/**
 * A stand-in for what a suite makes in `beforeAll`, usable where the suite declares it: every read and write goes
 * to the made value (methods bound to it), which must exist by then.
 */
function madeLater<T extends object>(made: () => T | undefined, what: string): T {
  const value = () => made() ?? fail(`${what} is used before the suite's beforeAll made it`);
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = value();
      const member: unknown = Reflect.get(target, key);
      return typeof member === 'function' ? (member as (...a: unknown[]) => unknown).bind(target) : member;
    },
    set: (_, key, member) => Reflect.set(value(), key, member),
    has: (_, key) => Reflect.has(value(), key),
  });
}

const fail = (message: string): never => {
  throw new Error(message);
};

/**
 * What a suite makes before its tests (`make` in `beforeAll`) and, given `stop`, ends after them (in `afterAll`),
 * declared where the suite declares its variables.
 */
export function forSuite<T extends object>(
  what: string,
  make: () => Promise<T>,
  stop?: (value: T) => Promise<void>,
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  if (stop)
    afterAll(async () => {
      if (value) await stop(value);
    });
  return madeLater(() => value, what);
}

/** The suite's test API (`startTestApi`), started before its tests and stopped after them. */
export const testApiForSuite = (...args: Parameters<typeof startTestApi>): TestApi =>
  forSuite(
    'the test API',
    () => startTestApi(...args),
    (api) => api.stop(),
  );

/** The suite's test API with the projector beside it (`startProjectedApi`), started and stopped around its tests. */
export const projectedApiForSuite = (...args: Parameters<typeof startProjectedApi>): ProjectedApi =>
  forSuite(
    'the projected test API',
    () => startProjectedApi(...args),
    (api) => api.stop(),
  );

/** The suite's seeded staff signed in to `api` before its tests (`signedIn`), each a client keyed by account. */
export function signedInForSuite<A extends SeededAccount>(
  api: TestApi,
  lang: 'zh' | 'en',
  ...accounts: A[]
): Record<A, Client> {
  let clients: Record<A, Client> | undefined;
  beforeAll(async () => {
    clients = await signedIn(api.baseUrl, lang, ...accounts);
  });
  return Object.fromEntries(
    accounts.map((account) => [account, madeLater(() => clients?.[account], `${account}'s client`)]),
  ) as Record<A, Client>;
}

/** The suite's test API with the admins of both seeded brands signed in (English): DEMO's `demo`, and `other` of OTHER. */
export function bothBrandsForSuite(env: Record<string, string> = {}) {
  const api = testApiForSuite(env);
  return { api, ...signedInForSuite(api, 'en', 'demo', 'other') };
}

/** The staff API's OpenAPI document (`/api/docs-json`) as the suite's `api` serves it, read before its tests. */
export const staffDocForSuite = <T extends object>(api: TestApi): T =>
  forSuite(
    'the staff OpenAPI document',
    async () => (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as T,
  );
