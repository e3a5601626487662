import { describe, expect, it } from '@jest/globals';
import { eventually } from '@kb/testing';
import { describeWeight, recordRequests } from './support/page-weight.js';
import { harnessForFile } from './support/harness.js';
import { signedInPage, visibleRow } from './support/gestures.js';

// What the browser really loads (every request, each body sized as gzip), on a fresh profile with an empty
// HTTP cache, until the page is usable and the network is quiet. Lowered as the app gets lighter, never raised.
// Measured 149.06 KB in 8 requests (and 11.1 KB of stylesheets, which hold its first paint), and 348.9 KB in 29
// requests (the targets: 150 KB, and 400 KB in 40 requests).
const LOGIN_SCRIPT_KB = 149.1;
const LOGIN_STYLES_KB = 11.2;
const RECIPE_LIST_KB = 349.0;
const RECIPE_LIST_REQUESTS = 29;

/** Everything the recipe library asks the API for when it opens: the list, the session check, the filters' lists. */
const RECIPE_LIST_CALLS = [
  '/api/auth/me',
  '/api/recipe/list',
  '/api/recipe/countRemove',
  '/api/recipeCategory/list',
  '/api/common/loadBrandOwnerProduct',
  '/api/sysSupportLang/list',
  '/api/common/loadTagsByLang',
];

const h = harnessForFile({ projector: true });

describe('what a cold browser loads', () => {
  it(`the login page: at most ${LOGIN_SCRIPT_KB} KB of JavaScript and ${LOGIN_STYLES_KB} KB of stylesheets`, async () => {
    const page = await h.newPage();
    const recorded = recordRequests(page);
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await page.waitForLoadState('networkidle');
    const weight = await recorded.weight();
    console.log(`/login: ${describeWeight(weight)}`);
    expect(weight.scriptKb).toBeLessThanOrEqual(LOGIN_SCRIPT_KB);
    const stylesKb =
      weight.requests.filter((r) => r.type === 'stylesheet').reduce((sum, r) => sum + r.gzipBytes, 0) / 1024;
    expect(stylesKb).toBeLessThanOrEqual(LOGIN_STYLES_KB);
  });

  it(`the recipe library, signed in: at most ${RECIPE_LIST_KB} KB in ${RECIPE_LIST_REQUESTS} requests`, async () => {
    // Sign in on another profile and carry only its cookies and storage over: the HTTP cache starts empty.
    const first = await signedInPage(h);
    await first.goto('/recipe-list');
    await visibleRow(first, 'R-1001').waitFor();
    const storageState = await first.context().storageState();

    const page = await h.newPage({ storageState });
    const recorded = recordRequests(page);
    await page.goto('/recipe-list');
    await visibleRow(page, 'R-1001').waitFor();
    await eventually(
      () => recorded.answered(),
      (paths) => RECIPE_LIST_CALLS.every((call) => paths.includes(call)),
      20_000,
      "the recipe library's calls answered",
    );
    await page.waitForLoadState('networkidle');
    const weight = await recorded.weight();
    console.log(`/recipe-list: ${describeWeight(weight)}`);
    expect(weight.totalKb).toBeLessThanOrEqual(RECIPE_LIST_KB);
    expect(weight.requests.length).toBeLessThanOrEqual(RECIPE_LIST_REQUESTS);

    // In the order asked, files named without their content hash.
    const asked = weight.requests.map((r) => new URL(r.url).pathname.replace(/-[\w-]{8}(\.\w+)$/, '$1'));
    // The layout's, the texts' and the screen's code are asked for from the address, before the entry has set up
    // its texts and asks who is signed in, not once the router has found the route.
    expect(asked.slice(0, asked.indexOf('/api/auth/me'))).toEqual(
      expect.arrayContaining([
        '/assets/app-layout.js',
        '/assets/console-catalog-zh.js',
        '/assets/recipe-list-page.js',
      ]),
    );
    // Each call asked once: what the entry asked early is what the screen reads, not asked again.
    expect(RECIPE_LIST_CALLS.filter((call) => asked.filter((p) => p === call).length !== 1)).toEqual([]);
  });
});
