import { eventually } from '@kb/testing';
import type { Page } from 'playwright-core';
import { API_HEADERS } from './harness.js';

/** GETs a command's answer read position is sent back on: the API holds them up to its read wait (3 s) each. */
const READ_WAITS = 10;

/**
 * Waits until the read models applied the write whose answer carried `position` (the screens' read-your-writes:
 * the API holds a GET that sends it back until the projections reached it). A page opened next then shows the
 * write even when the projector runs behind on a loaded machine.
 */
async function readModelsReach(page: Page, url: string, position: string): Promise<void> {
  for (let wait = 0; wait < READ_WAITS; wait += 1) {
    const read = await page.request.get('/api/auth/me', {
      headers: { ...API_HEADERS, 'x-read-position': position },
    });
    if (read.headers()['x-read-position-reached'] === 'true') return;
  }
  throw new Error(`the read models did not apply ${url}'s write within ${READ_WAITS} waits`);
}

/**
 * The API as the logged-in browser (its session cookie), to set up records for tests whose subject is not their
 * making: answers the envelope's data, throws with the API's message on a refusal, and after a command the read
 * models apply later waits until they did.
 */
export async function apiPost<T = any>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { data, headers: API_HEADERS });
  const body = (await res.json()) as { status: number; desc: string; data: T };
  if (body.status !== 200)
    throw new Error(`${url} answered ${body.status}: ${body.desc} ${JSON.stringify(body.data)}`);
  const position = res.headers()['x-read-position'];
  if (position) await readModelsReach(page, url, position);
  return body.data;
}

/** A GET as the logged-in browser: the envelope's data. */
export async function apiGet<T = any>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: API_HEADERS });
  return ((await res.json()) as { data: T }).data;
}

/**
 * The rows of an API list (`url` answers a page of them) once `done` holds for them: the projector may still be
 * writing the read model the list is read from.
 */
export async function listedWhen<T = any>(
  page: Page,
  url: string,
  done: (rows: T[]) => boolean,
  what = `${url} listing what the test waits for`,
): Promise<T[]> {
  return eventually(async () => (await apiGet<{ list?: T[] }>(page, url))?.list ?? [], done, 20_000, what);
}
