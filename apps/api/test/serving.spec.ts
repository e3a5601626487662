import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_CAPTCHA_URL } from '@kb/contracts';
import { startSystem, type RunningSystem } from '@kb/testing';
import { Client, loggedIn } from './harness.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire, still encoded. */
  wire: Buffer;
  /** The body decoded by its Content-Encoding. */
  body: string;
}

/** A GET that shows the wire: fetch would decode the body and hide its encoded size. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: res.statusCode!, headers: res.headers, wire, body: decoded.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const APP_SCRIPT = 'index-Dk3uR7aQ.js';
const APP_STYLE = 'index-B9xQe2Lm.css';
// Shaped like a built bundle: long and repetitive enough that compression has something to do.
const script = Array.from({ length: 2000 }, (_, i) => `export const label${i} = "recipe ${i}";`).join('\n');
const style = Array.from({ length: 800 }, (_, i) => `.recipe-${i} { color: #123456; margin: ${i}px; }`).join(
  '\n',
);
const indexHtml = `<!doctype html><html><head><title>Kitchen back-office</title>
<script type="module" src="/assets/${APP_SCRIPT}"></script><link rel="stylesheet" href="/assets/${APP_STYLE}">
</head><body><div id="root"></div>${'<!-- the app mounts here -->'.repeat(60)}</body></html>`;

describe('serving the web app and the API (built API process)', () => {
  let system: RunningSystem;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'kb-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), indexHtml);
    await writeFile(path.join(webDist, 'assets', APP_SCRIPT), script);
    await writeFile(path.join(webDist, 'assets', APP_STYLE), style);
    await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    system = await startSystem({ webDist });
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
    ['br', 'br;q=1.0, gzip;q=0.5'],
    ['gzip', 'br;q=0.1, gzip;q=0.9'],
  ])('sends HTML, JS and CSS as %s when the browser accepts "%s"', async (encoding, accept) => {
    for (const [url, original, type] of [
      ['/', indexHtml, 'text/html'],
      ['/recipe-list?id=7', indexHtml, 'text/html'],
      [`/assets/${APP_SCRIPT}`, script, 'javascript'],
      [`/assets/${APP_STYLE}`, style, 'text/css'],
    ] as const) {
      const res = await rawGet(system.baseUrl + url, { 'accept-encoding': accept });
      expect({ url, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({
        url,
        status: 200,
        encoding,
      });
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(original);
      expect(res.wire.length).toBeLessThan(Buffer.byteLength(original) / 3);
    }
  });

  it('sends the plain bytes to a client that accepts no encoding', async () => {
    const res = await rawGet(`${system.baseUrl}/assets/${APP_SCRIPT}`, { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.wire.toString('utf8')).toBe(script);
  });

  it('caches hashed assets for a year as immutable, and makes index.html and other files revalidate', async () => {
    for (const asset of [APP_SCRIPT, APP_STYLE]) {
      const res = await rawGet(`${system.baseUrl}/assets/${asset}`);
      expect({ asset, cache: res.headers['cache-control'] }).toEqual({
        asset,
        cache: 'public, max-age=31536000, immutable',
      });
    }
    for (const url of ['/', '/index.html', '/login', '/recipe-list?id=7', '/favicon.svg']) {
      const res = await rawGet(system.baseUrl + url);
      expect({ url, status: res.status, cache: res.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-cache',
      });
    }
  });

  it("has the browser fetch the login page's captcha with the page, and no other page's", async () => {
    const login = await rawGet(`${system.baseUrl}/login?redirect=%2Frecipe-list`);
    expect(login.body).toBe(indexHtml);
    const link = String(login.headers.link);
    expect(link).toMatch(/rel=preload; as=image/);
    const preloaded = /^<([^>]+)>/.exec(link)?.[1];
    expect(preloaded).toBe(PAGE_CAPTCHA_URL);
    const captcha = await fetch(system.baseUrl + preloaded);
    expect({ status: captcha.status, type: captcha.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/png',
    });
    for (const url of ['/', '/recipe-list', '/set-password']) {
      const res = await rawGet(system.baseUrl + url);
      expect({ url, link: res.headers.link }).toEqual({ url, link: undefined });
    }
  });

  it('answers 404 for an asset a newer build removed, not the app’s HTML', async () => {
    const res = await rawGet(`${system.baseUrl}/assets/index-gone1234.js`);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('Kitchen back-office');
  });

  it('compresses API JSON and forbids storing it, signed in or not', async () => {
    const client = await loggedIn(system.baseUrl, 'demo', 'demo12345', 'en');
    const cookie = `kb_session=${client.cookies.get('kb_session')}`;
    for (const [encoding, accept] of [
      ['br', 'br, gzip'],
      ['gzip', 'gzip'],
    ]) {
      const res = await rawGet(`${system.baseUrl}/api/device/list?pageNum=1&pageSize=50`, {
        'accept-encoding': accept!,
        cookie,
        'x-lang': 'en',
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = JSON.parse(res.body) as { status: number; data: { list: unknown[] } };
      expect(body.status).toBe(200);
      expect(body.data.list.length).toBeGreaterThan(0);
      expect(res.wire.length).toBeLessThan(Buffer.byteLength(res.body));
    }
    const me = await client.request('GET', '/api/auth/me');
    expect(me.headers.get('cache-control')).toBe('no-store');
    const anon = await new Client(system.baseUrl).request('GET', '/api/common/loadCountry');
    expect(anon.status).toBe(401);
    expect(anon.headers.get('cache-control')).toBe('no-store');
  });
});
