import { afterAll, beforeAll } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@kb/contracts';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH, startSystem, type RunningSystem } from '@kb/testing';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const webDist = path.resolve(import.meta.dirname, '../../dist');

export const CAPTCHA = '0000';

/**
 * How long a first paint may take: a page load, or the console's layout, which is drawn only once its code, its
 * texts and the first screen's code and first data have all arrived. On a two-core machine running three browser
 * files beside each other the API answers that first query late, so this bound is far above a quiet machine's
 * second or two; it is a wait for a fact, ended as soon as the page shows.
 */
export const FIRST_PAINT_MS = 60_000;

/** Headers of a test's own calls to /api (`page.request`): the web app's marker, without which changes are refused. */
export const API_HEADERS = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE };

export interface Harness {
  system: RunningSystem;
  baseUrl: string;
  /**
   * A fresh browser profile (own cookies, storage and HTTP cache) with one page; `storageState` starts it with
   * another profile's cookies and local storage (signed in, yet nothing cached).
   */
  newPage(options?: {
    locale?: string;
    viewport?: { width: number; height: number };
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  }): Promise<Page>;
  stop(): Promise<void>;
}

/** Boots the real API serving the built web app, and headless Chromium. */
export async function startHarness(
  options: {
    projector?: boolean;
    projectorDelayMs?: number;
    ingest?: boolean;
    /** Settings of the API and its helpers beyond the test defaults (e.g. a fast rollout watch). */
    env?: Record<string, string>;
  } = {},
): Promise<Harness> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no build: run "npm run build -w @kb/admin-web" first`);
  }
  const system = await startSystem({
    webDist,
    projector: options.projector,
    projectorDelayMs: options.projectorDelayMs,
    ingest: options.ingest,
    env: options.env,
  });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  } catch (error) {
    await system.stop();
    throw error;
  }
  const contexts: BrowserContext[] = [];
  return {
    system,
    baseUrl: system.baseUrl,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: system.baseUrl,
        viewport: options.viewport ?? { width: 1440, height: 900 },
        locale: options.locale ?? 'zh-CN',
        storageState: options.storageState,
      });
      contexts.push(context);
      const page = await context.newPage();
      // Every wait of a test is for a fact (a screen's title, a row, a state), ended as soon as it shows; on the
      // loaded two-core CI machine a screen opened from the menu (its code and first data) has taken over 15 s.
      page.setDefaultTimeout(30_000);
      page.setDefaultNavigationTimeout(FIRST_PAINT_MS);
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      return page;
    },
    async stop() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
      await system.stop();
    },
  };
}

/**
 * One system for the whole test file: started before its first test and stopped after its last. The answer
 * stands for that running harness, so read its members inside tests and hooks (a hook declared after this call
 * runs after the start).
 */
export function harnessForFile(options: Parameters<typeof startHarness>[0] = {}): Harness {
  let running: Harness | undefined;
  beforeAll(async () => {
    running = await startHarness(options);
  });
  afterAll(async () => {
    await running?.stop();
  });
  const started = () => {
    if (!running) throw new Error('the harness starts before the first test: use it inside tests and hooks');
    return running;
  };
  return {
    get system() {
      return started().system;
    },
    get baseUrl() {
      return started().baseUrl;
    },
    newPage: (pageOptions) => started().newPage(pageOptions),
    stop: () => started().stop(),
  };
}

/** Fills and sends the login form (the page must show it). */
export async function submitLogin(page: Page, account: string, password: string, captcha = CAPTCHA) {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill(captcha);
  await page.getByTestId('login-submit').click();
}

/** Logs in from a fresh page and waits for the home page. */
export async function loginAs(page: Page, account = 'demo', password = 'demo12345') {
  await page.goto('/login');
  await submitLogin(page, account, password);
  await page.waitForURL('**/home');
  await waitForLayout(page);
}

/** Waits for the signed-in console's layout (sidebar, header, tab bar) and the page it shows to be drawn. */
export async function waitForLayout(page: Page) {
  await page.getByTestId('layout').waitFor({ timeout: FIRST_PAINT_MS });
  // The page inside the layout is drawn after it, in slices of its own: wait until the shown page has drawn.
  await page
    .locator(':is([data-testid="page"], [data-testid="kept-page"]):visible > *')
    .first()
    .waitFor({ timeout: FIRST_PAINT_MS });
}

/** The keys (full URLs) of the tabs a user sees whole in the tab strip (others are scrolled away), in order. */
export async function visibleTabKeys(page: Page): Promise<string[]> {
  return page.getByTestId('tab').evaluateAll((els) => {
    const strip = els[0]?.parentElement?.getBoundingClientRect();
    return els
      .filter((e) => {
        const box = e.getBoundingClientRect();
        return !!strip && box.width > 0 && box.left >= strip.left - 1 && box.right <= strip.right + 1;
      })
      .map((e) => e.getAttribute('data-key') ?? '');
  });
}

export function tab(page: Page, key: string) {
  return page.locator(`[data-testid="tab"][data-key="${key}"]`);
}

/** Path and query of the page's address. */
export function location(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Moves inside the running app to `href` (as following a link would), without reloading the page — a reload
 * would drop what kept-alive pages hold. Later screens give these pages real links; here the address is set.
 */
export async function goInApp(page: Page, href: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, href);
  await page.waitForURL(`**${href}`);
}

/** The 6-digit code of a received mail, whether its body is quoted-printable, base64 or plain. */
export function emailCode(raw: string): string | undefined {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  let body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else body = body.replace(/=\r?\n/g, '');
  return /(?<!\d)(\d{6})(?!\d)/.exec(body)?.[1];
}
