import type { Page } from 'playwright-core';
import { pngImage } from './catalog-support.js';
import { apiPost, listedWhen } from './support/api.js';
import { API_HEADERS } from './support/harness.js';

/**
 * Helpers of the content browser tests (content-*.e2e.ts, tabs): records made through the real API with the
 * logged-in page's session, for tests whose subject is not their creation.
 */

/** Uploads a real PNG; answers its file code. */
export async function uploadPng(page: Page, rgb: [number, number, number] = [40, 120, 200]): Promise<string> {
  const res = await page.request.post('/api/file/upload', {
    headers: API_HEADERS,
    multipart: {
      purpose: 'image',
      file: { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(16, rgb) },
    },
  });
  const body = (await res.json()) as { data: { fileCode: string } };
  return body.data.fileCode;
}

/** A web-link banner on the app home; answers its id. */
export async function createBanner(page: Page, name: string, extra: Record<string, unknown> = {}) {
  const fileCode = await uploadPng(page);
  const banner = await apiPost<{ id: string }>(page, '/api/ccBanner/add', {
    name,
    linkKind: 'url',
    url: 'https://example.com/promo',
    imageFileCodes: [fileCode],
    position: 'app_home',
    sort: 0,
    ...extra,
  });
  return banner.id;
}

export interface ListedRecipe {
  id: string;
  number: string;
  name: string;
  online: boolean;
}

/**
 * The brand's released recipes (the demo brand has two), online ones first; waits for the projector to have
 * listed the seeded ones.
 */
export async function releasedRecipes(page: Page): Promise<ListedRecipe[]> {
  const rows = await listedWhen<ListedRecipe>(
    page,
    '/api/recipe/list?status=released&pageNum=1&pageSize=50',
    (list) => list.length >= 2,
    'the two seeded released recipes listed',
  );
  return [...rows].sort((a, b) => Number(b.online) - Number(a.online));
}

/** A themed group holding these recipes in this order; answers its id and H5 share id. */
export async function createGroup(page: Page, number: string, name: string, recipeIds: string[]) {
  const group = await apiPost<{ id: string; shareId: string }>(page, '/api/specRecipe/add', {
    number,
    name,
    descriptions: { zh: `${name}的描述`, en: `About ${name}` },
    sort: 0,
    recipeIds,
  });
  return group;
}

/** The H5 share id of one of the brand's recipes. */
export async function recipeShareId(page: Page, recipeId: string): Promise<string> {
  const res = await page.request.get(`/api/h5/recipeShareId?recipeId=${recipeId}`);
  const body = (await res.json()) as { data: { shareId: string } };
  return body.data.shareId;
}
