import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { API_HEADERS, harnessForFile, loginAs, waitForLayout } from './support/harness.js';
import { signedInPage } from './support/gestures.js';

const h = harnessForFile();
let attacker: Server;
let attackerUrl: string;
/** The page the attacker's server answers; set by each test before the victim visits it. */
let attackPage = '';

beforeAll(async () => {
  attacker = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(attackPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  attacker?.closeAllConnections();
  await new Promise((resolve) => attacker?.close(resolve));
});

/**
 * Another origin of the same host (same site, so the SameSite=Lax session cookie goes along): credentialed
 * fetches, one with the app's marker header, then an auto-submitted form, all deleting the recipe.
 */
function forgeryPage(apiUrl: string, id: string): string {
  const target = `${apiUrl}/api/recipe/delete`;
  return `<!doctype html><title>win a prize</title>
<form id="forged" method="POST" action="${target}"><input name="id" value="${id}"></form>
<script>
  const attempts = [
    fetch(${JSON.stringify(target)}, {
      method: 'POST', credentials: 'include', mode: 'no-cors',
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'id=${id}',
    }),
    fetch(${JSON.stringify(target)}, {
      method: 'POST', credentials: 'include',
      headers: { 'content-type': 'application/json', ${JSON.stringify(Object.keys(API_HEADERS)[0])}: 'kb-admin' },
      body: JSON.stringify({ id: '${id}' }),
    }),
  ];
  Promise.allSettled(attempts).then(() => document.getElementById('forged').submit());
</script>`;
}

describe('a page of another origin', () => {
  it('cannot delete a recipe of the logged-in user by form or by fetch', async () => {
    const page = await signedInPage(h);
    const added = await page.request.post('/api/recipe/add', {
      headers: API_HEADERS,
      data: {
        type: 'SOUP',
        number: 'CSRF-E2E',
        mainLang: 'zh',
        langs: ['zh'],
        texts: { zh: { name: '跨站测试汤' } },
        productCodes: ['TM-6'],
      },
    });
    const { id } = ((await added.json()) as { data: { id: string } }).data;
    expect(id).toBeTruthy();

    const deleteRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/recipe/delete')) deleteRequests.push(r.method());
    });
    attackPage = forgeryPage(h.baseUrl, id);
    await page.goto(attackerUrl);
    // The form lands the browser on the API's answer.
    await page.waitForURL(`${h.baseUrl}/api/recipe/delete`);
    const answer = JSON.parse((await page.locator('body').textContent()) ?? '{}') as { status: number };
    expect(answer.status).toBe(403);
    expect(deleteRequests.length).toBeGreaterThanOrEqual(2);

    const pool = new pg.Pool({ connectionString: h.system.db.url, max: 1 });
    try {
      const { rows } = await pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1', [
        `recipe-${id}`,
      ]);
      expect(rows.map((r) => r.type)).toEqual(['RecipeCreated']);
    } finally {
      await pool.end();
    }
    // Still the user's: the app itself may delete it.
    const own = await page.request.post('/api/recipe/delete', { headers: API_HEADERS, data: { id } });
    expect(((await own.json()) as { status: number }).status).toBe(200);
  });
});

describe('the app under its Content-Security-Policy', () => {
  it('logs in and shows the recipe list without a single violation, and cannot be framed', async () => {
    const page = await h.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const first = await page.goto('/login');
    expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await loginAs(page);
    await page.goto('/recipe-list');
    await waitForLayout(page);
    await page.goto('/api/docs');
    // The API reference is a 0.9 MB document that Swagger UI takes up to 20 s to lay out on a quiet machine.
    await page.locator('.swagger-ui .info').getByText('Kitchen back-office API').waitFor({ timeout: 60_000 });
    expect(violations).toEqual([]);

    attackPage = `<!doctype html><iframe id="app" src="${h.baseUrl}/login"></iframe>`;
    const framing = await h.newPage();
    const blocked = new Promise<string>((resolve) =>
      framing.on('console', (m) => {
        if (/frame-ancestors/.test(m.text())) resolve(m.text());
      }),
    );
    await framing.goto(attackerUrl);
    await expect(blocked).resolves.toContain('frame-ancestors');
  });
});
