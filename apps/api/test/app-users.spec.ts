import {
  registerAppUser,
  signInAppUser,
  storeAppActivity,
  storeCookingSessions,
  type AppActivityWrite,
} from '@kb/devices';
import type { Pool } from '@kb/platform';
import { waitForProjection } from '@kb/read-models';
import { expectDeepPageRefused, projectedApiForSuite, signedInForSuite } from './harness.js';

/*
 * The app users' staff screens on the real API, Postgres and projector, with app activity written through the
 * same @kb/devices writes device-ingest's workers make (device-ingest's own spec covers its HTTP side).
 */

const R_1001 = '5e0c1a2b-0001-4d10-8a00-00000000d001';
const R_1002 = '5e0c1a2b-0002-4d10-8a00-00000000d002';

describe('app users, search records, recipe statistics and rankings', () => {
  const api = projectedApiForSuite({ READ_WAIT_MS: '5000' });
  const { demo } = signedInForSuite(api, 'zh', 'demo');
  const { demo: demoEn, other } = signedInForSuite(api, 'en', 'demo', 'other');
  let pool: Pool;

  beforeAll(async () => {
    ({ pool } = api);
    await waitForProjection(pool, 'recipes', await api.store.headPosition(), { timeoutMs: 15_000 });
  });

  /** An app user of DEMO registered in the app, with the given activity stored. */
  async function appUser(account: string, region = 'CN') {
    const session = await registerAppUser(pool, {
      brandOwnerCode: 'DEMO',
      account,
      password: 'secret-123',
      nickname: `N-${account}`,
      region,
    });
    return session.user;
  }
  const write = (user: { id: string; account: string }, message: AppActivityWrite['message']) =>
    storeAppActivity(pool, [
      {
        appUserId: user.id,
        brandOwnerCode: 'DEMO',
        account: user.account,
        nickname: `N-${user.account}`,
        region: 'CN',
        receivedAt: new Date().toISOString(),
        message,
      },
    ]);

  it('lists the seeded app users with their counts, the registered and the unregistered', async () => {
    const page = await demo.get('/api/user/list?pageSize=50');
    expect(page.http).toBe(200);
    expect(page.data.total).toBe(page.data.list.length);
    expect(page.data.list.length).toBeGreaterThan(2);
    const row = page.data.list.find((u: { favouriteCount: number }) => u.favouriteCount > 0);
    expect(row).toMatchObject({
      number: expect.stringMatching(/^U\d{8}$/),
      account: expect.stringMatching(/^demo-user-\d+@example\.com$/),
      status: 'enabled',
      registered: true,
      deviceCount: 1,
      regionName: expect.any(String),
    });
    expect(page.data.list.some((u: { registered: boolean }) => !u.registered)).toBe(true);
    const counts = await demo.get('/api/common/loadBrandIndexCount');
    expect(counts.data.userCount).toBe(page.data.total);
  });

  it('filters and pages by keyset cursor: the page after a cursor is the next offset page', async () => {
    for (let i = 0; i < 12; i++) await appUser(`page-${String(i).padStart(2, '0')}@example.com`, 'US');
    const first = await demo.get('/api/user/list?pageSize=10&account=page-');
    expect(first.data).toMatchObject({ total: 12, totalExact: true, nextCursor: expect.any(String) });
    expect(first.data.list[0].account).toBe('page-11@example.com');
    const byCursor = await demo.get(
      `/api/user/list?pageSize=10&account=page-&after=${first.data.nextCursor}`,
    );
    const byOffset = await demo.get('/api/user/list?pageSize=10&account=page-&pageNum=2');
    expect(byCursor.data.list).toEqual(byOffset.data.list);
    expect(byCursor.data.list.map((u: { account: string }) => u.account)).toEqual([
      'page-01@example.com',
      'page-00@example.com',
    ]);
    expect((await demo.get('/api/user/list?region=US&registered=true&account=page-')).data.total).toBe(12);
    expect((await demo.get('/api/user/list?registered=false&account=page-')).data.total).toBe(0);
    expect((await demo.get('/api/user/list?hasDevice=true&account=page-')).data.total).toBe(0);
    const bad = await demoEn.get('/api/user/list?after=abc');
    expect(bad).toMatchObject({ http: 400, status: 400 });
    expect(bad.desc).toMatch(/cursor/i);
    await expectDeepPageRefused(demo, '/api/user/list?account=page-');
    const deepAfterCursor = await demo.get(
      `/api/user/list?pageSize=10&account=page-&pageNum=1001&after=${first.data.nextCursor}`,
    );
    expect(deepAfterCursor.data.list).toEqual(byOffset.data.list);
  });

  it('disables and enables users: a disabled one is signed out and refused at sign-in', async () => {
    const user = await appUser('dis@example.com');
    const res = await demo.post('/api/user/updateStatus', { ids: [user.id], status: 'disabled' });
    expect(res).toMatchObject({ http: 200, data: { updated: 1 } });
    expect((await demo.get(`/api/user/detail?id=${user.id}`)).data.status).toBe('disabled');
    expect(
      (await demo.get('/api/user/list?status=disabled')).data.list.map((u: { id: string }) => u.id),
    ).toEqual([user.id]);
    await expect(
      signInAppUser(pool, { brandOwnerCode: 'DEMO', account: 'dis@example.com', password: 'secret-123' }),
    ).rejects.toMatchObject({ code: 'user_disabled' });
    await demo.post('/api/user/updateStatus', { ids: [user.id], status: 'enabled' });
    await expect(
      signInAppUser(pool, { brandOwnerCode: 'DEMO', account: 'dis@example.com', password: 'secret-123' }),
    ).resolves.toMatchObject({ token: expect.any(String) });
  });

  it('shows a user’s favourites, cooking, reviews and searches, and the recipe statistics and ranking follow', async () => {
    const user = await appUser('cook@example.com');
    const before = (await demo.get(`/api/recipeUserEvaluation/recipeStatistics?recipeId=${R_1002}`)).data;
    await pool.query(
      `INSERT INTO devices (brand_owner_code, sn, product_code, app_user_id, activated_at)
       VALUES ('DEMO', 'SN-COOK-1', 'TM-6', $1, now())`,
      [user.id],
    );
    const { rows } = await pool.query(`SELECT id FROM devices WHERE sn = 'SN-COOK-1'`);
    const at = new Date().toISOString();
    const cook = (messageId: string, outcome: 'completed' | 'aborted') => ({
      deviceId: rows[0].id,
      brandOwnerCode: 'DEMO',
      receivedAt: at,
      message: {
        messageId,
        recipeId: R_1002,
        recipeVersion: 2,
        mode: 'BOIL',
        startedAt: at,
        endedAt: at,
        outcome,
      },
    });
    for (let i = 0; i < 5; i++) await storeCookingSessions(pool, [cook(`c${i}`, 'completed')]);
    await storeCookingSessions(pool, [cook('c0', 'completed'), cook('ab', 'aborted')]);
    await write(user, { type: 'favourite', messageId: 'f1', at, recipeId: R_1002 });
    await write(user, { type: 'review', messageId: 'r1', at, recipeId: R_1002, score: 2, content: '一般' });
    await write(user, { type: 'search', messageId: 's1', at, terms: '番茄', lang: 'zh', resultCount: 1 });

    const detail = await demo.get(`/api/user/detail?id=${user.id}`);
    expect(detail.data).toMatchObject({ favouriteCount: 1, cookCount: 5, deviceCount: 1, registered: true });
    expect((await demo.get(`/api/user/devices?id=${user.id}`)).data.list).toEqual([
      expect.objectContaining({ sn: 'SN-COOK-1' }),
    ]);
    expect((await demoEn.get(`/api/user/favourites?id=${user.id}`)).data.list).toEqual([
      expect.objectContaining({ recipeId: R_1002, recipeNumber: 'R-1002', recipeName: expect.any(String) }),
    ]);
    const cooking = await demo.get(`/api/user/cooking?id=${user.id}&pageSize=10`);
    expect(cooking.data.total).toBe(6);
    expect(cooking.data.list.filter((s: { outcome: string }) => s.outcome === 'aborted')).toHaveLength(1);
    expect((await demo.get(`/api/user/reviews?id=${user.id}`)).data.list).toEqual([
      expect.objectContaining({ score: 2, content: '一般', recipeNumber: 'R-1002' }),
    ]);
    expect((await demo.get(`/api/userSearchRecord/list?appUserId=${user.id}`)).data.list).toEqual([
      expect.objectContaining({ terms: '番茄', lang: 'zh', resultCount: 1, account: 'cook@example.com' }),
    ]);

    const stats = (await demo.get(`/api/recipeUserEvaluation/recipeStatistics?recipeId=${R_1002}`)).data;
    expect(stats.collectionCount).toBe(before.collectionCount + 1);
    expect(stats.cookCount).toBe(before.cookCount + 5);
    expect(stats.reviewCount).toBe(before.reviewCount + 1);
    // R-1002 is now the most cooked recipe of the last 7 days, and its category leads the categories.
    const ranking = await demoEn.get('/api/common/loadBrandRecipeRanking?days=7');
    expect(ranking.data[0]).toMatchObject({
      recipeId: R_1002,
      recipeNumber: 'R-1002',
      count: stats.cookCount,
    });
    expect((await demo.get('/api/common/loadBrandRecipeRanking?days=5')).http).toBe(400);
  });

  it('deletes users with their favourites, reviews and searches; their cooking stays in the counts', async () => {
    const user = await appUser('leaver@example.com');
    const at = new Date().toISOString();
    await write(user, { type: 'favourite', messageId: 'f', at, recipeId: R_1001 });
    await write(user, { type: 'review', messageId: 'r', at, recipeId: R_1001, score: 5, content: '' });
    await write(user, {
      type: 'search',
      messageId: 's',
      at,
      terms: 'leaver-terms',
      lang: 'en',
      resultCount: 0,
    });
    const stats = async () =>
      (await demo.get(`/api/recipeUserEvaluation/recipeStatistics?recipeId=${R_1001}`)).data;
    const before = await stats();
    const gone = await demo.post('/api/user/batchDelete', { ids: [user.id] });
    expect(gone).toMatchObject({ http: 200, data: { deleted: 1 } });
    expect((await demo.get(`/api/user/detail?id=${user.id}`)).http).toBe(404);
    const after = await stats();
    expect(after).toMatchObject({
      collectionCount: before.collectionCount - 1,
      reviewCount: before.reviewCount - 1,
      cookCount: before.cookCount,
    });
    expect((await demo.get('/api/userSearchRecord/list?terms=leaver')).data.total).toBe(0);
  });

  it('filters and deletes search records', async () => {
    const user = await appUser('seeker@example.com', 'JP');
    const at = new Date().toISOString();
    await write(user, {
      type: 'search',
      messageId: 'a',
      at,
      terms: 'ramen noodles',
      lang: 'en',
      resultCount: 0,
    });
    await write(user, {
      type: 'search',
      messageId: 'b',
      at,
      terms: 'ramen soup',
      lang: 'ja',
      resultCount: 3,
    });
    const both = await demo.get('/api/userSearchRecord/list?terms=ramen');
    expect(both.data.total).toBe(2);
    expect((await demo.get('/api/userSearchRecord/list?terms=ramen&empty=true')).data.list).toEqual([
      expect.objectContaining({ terms: 'ramen noodles', region: 'CN' }),
    ]);
    expect((await demo.get('/api/userSearchRecord/list?terms=ramen&lang=ja')).data.total).toBe(1);
    expect((await demo.get('/api/userSearchRecord/list?user=seeker')).data.total).toBe(2);
    const ids = both.data.list.map((r: { id: string }) => r.id);
    expect(await demo.post('/api/userSearchRecord/batchDelete', { ids })).toMatchObject({
      data: { deleted: 2 },
    });
    expect((await demo.get('/api/userSearchRecord/list?terms=ramen')).data.total).toBe(0);
  });

  it('suggests hot search labels from the terms searched most: cased and spaced alike, by period, following deletes', async () => {
    const user = await appUser('taster@example.com');
    const now = Date.now();
    const search = (messageId: string, terms: string, lang: string, daysAgo = 0) =>
      write(user, {
        type: 'search',
        messageId,
        at: new Date(now - daysAgo * 86_400_000).toISOString(),
        terms,
        lang,
        resultCount: 1,
      });
    for (const [i, terms] of ['Quince Tart', 'quince tart', '  QUINCE TART ', 'Quince tart'].entries())
      await search(`q${i}`, terms, 'en');
    await search('m1', 'Medlar jam', 'en');
    await search('z1', '榅桲挞', 'zh');
    await search('z2', '榅桲挞', 'zh', 2);
    for (let i = 0; i < 6; i++) await search(`old${i}`, 'Sorb pudding', 'en', 40);

    type Term = { term: string; lang: string; searches: number; labelled: boolean };
    const top = async (query: string, client = demo) =>
      ((await client.get(`/api/userSearchRecord/topTerms?limit=100&${query}`)).data as Term[]).filter((t) =>
        /quince|medlar|sorb|榅桲/.test(t.term),
      );
    expect(await top('days=30&lang=en')).toEqual([
      { term: 'quince tart', lang: 'en', searches: 4, labelled: false },
      { term: 'medlar jam', lang: 'en', searches: 1, labelled: false },
    ]);
    // A ranking is reused for 5 minutes: a search just made does not move it yet.
    await search('q9', 'quince tart', 'en');
    expect((await top('days=30&lang=en'))[0]).toMatchObject({ term: 'quince tart', searches: 4 });
    expect((await top('days=0&lang=en'))[0]).toEqual({
      term: 'sorb pudding',
      lang: 'en',
      searches: 6,
      labelled: false,
    });
    expect(await top('days=7&lang=zh')).toEqual([
      { term: '榅桲挞', lang: 'zh', searches: 2, labelled: false },
    ]);

    // A label saying it (in that language) marks it; deleting the records takes them out of the counts.
    await demo.post('/api/hotTag/add', { labels: { zh: '榅桲挞' }, sort: 1, online: false });
    expect(await top('days=30&lang=zh')).toEqual([
      { term: '榅桲挞', lang: 'zh', searches: 2, labelled: true },
    ]);
    const medlar = (await demo.get('/api/userSearchRecord/list?terms=Medlar')).data.list.map(
      (r: { id: string }) => r.id,
    );
    await demo.post('/api/userSearchRecord/batchDelete', { ids: medlar });
    // Deleting records ranks afresh: Medlar jam is gone, and the search made since counts.
    expect(await top('days=30&lang=en')).toEqual([
      { term: 'quince tart', lang: 'en', searches: 5, labelled: false },
    ]);

    // Another brand's terms are not suggested; a bad period or size is refused in the caller's language.
    expect(await top('days=0', other)).toEqual([]);
    const bad = await demoEn.get('/api/userSearchRecord/topTerms?days=5');
    expect(bad).toMatchObject({ http: 400 });
    expect(JSON.stringify(bad)).toContain('Invalid period');
    expect(JSON.stringify(await demo.get('/api/userSearchRecord/topTerms?limit=500'))).toContain(
      '条数须在 1 到 100 之间',
    );
  });

  it('keeps brands apart: OTHER sees, changes and deletes none of DEMO’s users and records', async () => {
    const user = await appUser('private@example.com');
    await write(user, {
      type: 'search',
      messageId: 'p',
      at: new Date().toISOString(),
      terms: 'private',
      lang: 'zh',
      resultCount: 0,
    });
    const theirs = await other.get('/api/user/list?pageSize=100');
    expect(theirs.data.list.every((u: { account: string }) => !u.account.startsWith('demo-'))).toBe(true);
    expect(theirs.data.list.some((u: { id: string }) => u.id === user.id)).toBe(false);
    expect((await other.get(`/api/user/detail?id=${user.id}`)).http).toBe(404);
    expect((await other.get(`/api/user/favourites?id=${user.id}`)).http).toBe(404);
    expect((await other.post('/api/user/updateStatus', { ids: [user.id], status: 'disabled' })).http).toBe(
      404,
    );
    expect((await other.post('/api/user/batchDelete', { ids: [user.id] })).http).toBe(404);
    expect((await other.get('/api/userSearchRecord/list?terms=private')).data.total).toBe(0);
    const record = (await demo.get('/api/userSearchRecord/list?terms=private')).data.list[0];
    expect((await other.post('/api/userSearchRecord/delete', { id: record.id })).http).toBe(404);
    expect((await demo.get(`/api/user/detail?id=${user.id}`)).data.status).toBe('enabled');
    const ranking = await other.get('/api/common/loadBrandRecipeRanking');
    expect(
      ranking.data.every((r: { recipeId: string }) => r.recipeId !== R_1001 && r.recipeId !== R_1002),
    ).toBe(true);
  });
});
