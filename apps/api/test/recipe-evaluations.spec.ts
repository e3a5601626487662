import { READ_POSITION_HEADER } from '../src/infra/read-your-writes.js';
import type { Client } from './harness.js';
import { projectedApiForSuite, signedInForSuite, sortedBothWays, uploadImage } from './harness.js';

const R_1001 = '5e0c1a2b-0001-4d10-8a00-00000000d001';
const OTHER_P_2001 = '5e0c1a2b-0101-4d10-8a00-00000000d101';

describe('recipe reviews (recipeUserEvaluation)', () => {
  const api = projectedApiForSuite({ READ_WAIT_MS: '5000' });
  const { demo } = signedInForSuite(api, 'zh', 'demo');
  const { demo: demoEn, other } = signedInForSuite(api, 'en', 'demo', 'other');
  let picture: string;

  /** A recipe of DEMO, created and visible in the recipe read model before the test goes on. */
  async function recipe(number: string): Promise<string> {
    const res = await demo.request('POST', '/api/recipe/add', {
      json: {
        type: 'SOUP',
        number,
        mainLang: 'zh',
        langs: ['zh', 'en'],
        texts: { zh: { name: `评价测试汤${number}` }, en: { name: `Review soup ${number}` } },
        productCodes: ['TM-6'],
        pictureFileCode: picture,
      },
    });
    const body = (await res.json()) as { status: number; data: { id: string } };
    expect(body.status).toBe(200);
    const position = res.headers.get(READ_POSITION_HEADER)!;
    await demo.json('GET', `/api/recipe/detail?id=${body.data.id}`, {
      headers: { [READ_POSITION_HEADER]: position },
    });
    return body.data.id;
  }

  const review = (client: Client, input: Record<string, unknown>) =>
    client.post('/api/recipeUserEvaluation/add', {
      sn: 'SN-TEST-1',
      userAccount: 'cook@example.com',
      score: 5,
      content: '好吃',
      ...input,
    });

  beforeAll(async () => {
    picture = await uploadImage(demo, 'dish.png');
  });

  it('adds, lists, changes and deletes a review, and the recipe’s statistics follow', async () => {
    const id = await recipe('EV-001');
    const empty = await demo.get(`/api/recipeUserEvaluation/recipeStatistics?recipeId=${id}`);
    expect(empty.data).toEqual({
      collectionCount: 0,
      raterCount: 0,
      overallScore: null,
      reviewCount: 0,
      cookCount: 0,
    });

    const added = await review(demo, { recipeId: id, userNickname: '小厨', score: 4 });
    expect(added).toMatchObject({
      http: 200,
      desc: '保存成功',
      data: {
        recipeId: id,
        recipeNumber: 'EV-001',
        recipeName: '评价测试汤EV-001',
        sn: 'SN-TEST-1',
        userAccount: 'cook@example.com',
        userNickname: '小厨',
        score: 4,
        content: '好吃',
        version: 1,
      },
    });
    // By number instead of id; a score without content is a review too (§5: score or content).
    const second = await review(demoEn, {
      recipeNumber: 'EV-001',
      userAccount: 'tom',
      score: 1,
      content: '',
      evaluatedAt: '2026-01-02T10:00:00Z',
    });
    expect(second.data).toMatchObject({ recipeId: id, recipeName: 'Review soup EV-001', content: '' });
    expect(second.data.evaluatedAt).toBe('2026-01-02T10:00:00.000Z');

    const comments = await demo.get(`/api/recipeUserEvaluation/list?recipeId=${id}`);
    expect(comments.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
    expect(comments.data.list.map((r: { userAccount: string }) => r.userAccount)).toEqual([
      'cook@example.com',
      'tom',
    ]);
    const stats = await demo.get(`/api/recipeUserEvaluation/recipeStatistics?recipeId=${id}`);
    expect(stats.data).toEqual({
      collectionCount: 0,
      raterCount: 2,
      overallScore: 2.5,
      reviewCount: 2,
      cookCount: 0,
    });

    const changed = await demo.post('/api/recipeUserEvaluation/update', {
      id: second.data.id,
      version: 1,
      recipeId: id,
      sn: 'SN-TEST-2',
      userAccount: 'tom',
      score: 3,
      content: 'Better the second time',
    });
    expect(changed.data).toMatchObject({ version: 2, score: 3, sn: 'SN-TEST-2' });
    // An edit without a time keeps when the user wrote it.
    expect(changed.data.evaluatedAt).toBe('2026-01-02T10:00:00.000Z');
    // Only one edit at a time: a save over the old version is a 409.
    const stale = await demoEn.post('/api/recipeUserEvaluation/update', {
      id: second.data.id,
      version: 1,
      recipeId: id,
      sn: 'SN-TEST-3',
      userAccount: 'tom',
      score: 2,
    });
    expect(stale).toMatchObject({
      http: 409,
      desc: 'The record was changed by someone else; reload and try again',
    });
    const detail = await demo.get(`/api/recipeUserEvaluation/detail?id=${second.data.id}`);
    expect(detail.data).toMatchObject({ sn: 'SN-TEST-2', score: 3, content: 'Better the second time' });
    expect(
      (await demo.get(`/api/recipeUserEvaluation/recipeStatistics?recipeId=${id}`)).data.overallScore,
    ).toBe(3.5);

    expect((await demo.post('/api/recipeUserEvaluation/delete', { id: added.data.id })).status).toBe(200);
    expect(
      (await demo.post('/api/recipeUserEvaluation/batchDelete', { ids: [second.data.id] })).data,
    ).toEqual({
      deleted: 1,
    });
    expect((await demo.get(`/api/recipeUserEvaluation/list?recipeId=${id}`)).data.total).toBe(0);
    expect((await demo.get(`/api/recipeUserEvaluation/detail?id=${added.data.id}`)).http).toBe(404);
  });

  it('requires SN, user and a 1–5 score, with field errors in zh and en', async () => {
    const id = await recipe('EV-002');
    const none = await demo.post('/api/recipeUserEvaluation/add', { recipeId: id });
    expect(none.http).toBe(400);
    expect(none.data.fieldErrors).toEqual({
      sn: 'SN号不能为空',
      userAccount: '用户不能为空',
      score: '请选择评分',
    });
    const en = await demoEn.post('/api/recipeUserEvaluation/add', {
      sn: ' ',
      userAccount: 'x',
      score: 6,
    });
    expect(en.http).toBe(400);
    expect(en.data.fieldErrors).toEqual({
      sn: 'SN number cannot be empty',
      score: 'The score must be 1 to 5 stars',
      recipeId: 'Choose a recipe',
    });
    const half = await review(demoEn, { recipeId: id, score: 2.5 });
    expect(half.data.fieldErrors).toEqual({ score: 'The score must be 1 to 5 stars' });
    const long = await review(demoEn, { recipeId: id, content: 'x'.repeat(501) });
    expect(long.data.fieldErrors).toEqual({ content: 'The review may have at most 500 characters' });
    const unknown = await review(demoEn, { recipeNumber: 'NO-SUCH' });
    expect(unknown).toMatchObject({
      http: 400,
      data: { fieldErrors: { recipeNumber: 'The recipe does not exist in your brand' } },
    });
    const badScoreFilter = await demoEn.get('/api/recipeUserEvaluation/list?score=9');
    expect(badScoreFilter).toMatchObject({
      http: 400,
      data: { fieldErrors: { score: 'The score must be 1 to 5 stars' } },
    });
  });

  it('filters by recipe, SN, user, score and date, and pages', async () => {
    const id = await recipe('EV-FLT');
    for (const [i, [sn, user, score, day]] of (
      [
        ['SN-F-01', 'ann', 5, '2026-03-01T08:00:00Z'],
        ['SN-F-02', 'bob', 4, '2026-03-02T08:00:00Z'],
        ['SN-F-03', 'ann', 2, '2026-03-03T23:30:00Z'],
        ['SN-G-04', 'cyd', 5, '2026-03-05T08:00:00Z'],
      ] as const
    ).entries()) {
      const res = await review(demo, {
        recipeId: id,
        sn,
        userAccount: user,
        userNickname: `N${i}`,
        score,
        evaluatedAt: day,
      });
      expect(res.status).toBe(200);
    }
    const sns = async (query: string) =>
      (
        (await demo.get(`/api/recipeUserEvaluation/list?recipe=EV-FLT&onPage=false&${query}`)).data as {
          sn: string;
        }[]
      ).map((r) => r.sn);
    expect(await sns('')).toEqual(['SN-G-04', 'SN-F-03', 'SN-F-02', 'SN-F-01']);
    expect(await sns('sn=F-0')).toEqual(['SN-F-03', 'SN-F-02', 'SN-F-01']);
    expect(await sns('user=ann')).toEqual(['SN-F-03', 'SN-F-01']);
    expect(await sns('user=N1')).toEqual(['SN-F-02']);
    expect(await sns('score=5')).toEqual(['SN-G-04', 'SN-F-01']);
    // The end day counts whole.
    expect(await sns('dateFrom=2026-03-02&dateTo=2026-03-03')).toEqual(['SN-F-03', 'SN-F-02']);
    // The recipe filter matches names in any language too.
    const byName = await demo.get('/api/recipeUserEvaluation/list?recipe=Review%20soup%20EV-FLT');
    expect(byName.data.total).toBe(4);
    const page2 = await demo.get('/api/recipeUserEvaluation/list?recipe=EV-FLT&pageNum=2&pageSize=10');
    expect(page2.data).toMatchObject({ total: 4, list: [], pageNum: 2 });
    const found = await demo.get('/api/recipeUserEvaluation/search?keyword=SN-G');
    expect(found.data.map((r: { sn: string }) => r.sn)).toEqual(['SN-G-04']);
  });

  it('sorts the reviews by recipe number both ways, one recipe’s reviews in one order across pages', async () => {
    // Numbers of this attempt only, so a retry in the same database starts from an empty prefix.
    const prefix = `V${Date.now().toString(36).toUpperCase()}-`;
    for (const [letter, count] of [
      ['C', 3],
      ['A', 5],
      ['B', 4],
    ] as const) {
      const id = await recipe(`${prefix}${letter}`);
      for (let i = 0; i < count; i++)
        expect((await review(demo, { recipeId: id, sn: `SN-${letter}-${i}`, score: 1 + i })).status).toBe(
          200,
        );
    }
    const byRecipe = await sortedBothWays<{ id: string; recipeNumber: string }>(
      demo,
      `/api/recipeUserEvaluation/list?recipe=${prefix}&orderBy=recipeNumber`,
    );
    expect(byRecipe.map((r) => r.recipeNumber)).toEqual(
      [...'AAAAABBBBCCC'].map((letter) => `${prefix}${letter}`),
    );
    const view = await demo.post('/api/savedView/save', {
      list: 'review',
      name: `By recipe ${prefix}`,
      state: { orderBy: 'recipeNumber', order: 'desc' },
    });
    expect(view.status).toBe(200);
  });

  it('keeps reviews to the brand: no other brand’s recipe, review or statistics', async () => {
    // The seeded reviews: three for R-1001 (5, 4, 5 stars from three users) and OTHER's one of P-2001; the seeded
    // app activity: three users cooked and favourited R-1001.
    const stats = await demo.get(`/api/recipeUserEvaluation/recipeStatistics?recipeId=${R_1001}`);
    expect(stats.data).toEqual({
      collectionCount: 3,
      raterCount: 3,
      overallScore: 4.7,
      reviewCount: 3,
      cookCount: 3,
    });
    const seeded = await demo.get(`/api/recipeUserEvaluation/list?recipeId=${R_1001}`);
    expect(seeded.data.list[0]).toMatchObject({ recipeNumber: 'R-1001', recipeName: '番茄炖牛腩', score: 5 });

    const mine = await demo.get('/api/recipeUserEvaluation/list?onPage=false');
    const theirs = await other.get('/api/recipeUserEvaluation/list?onPage=false');
    expect(theirs.data.map((r: { recipeNumber: string }) => r.recipeNumber)).toEqual(['P-2001']);
    expect(mine.data.map((r: { recipeNumber: string }) => r.recipeNumber)).not.toContain('P-2001');
    const demoReview = seeded.data.list[0];

    // OTHER can neither read nor change nor delete DEMO's review, nor review DEMO's recipe.
    expect((await other.get(`/api/recipeUserEvaluation/detail?id=${demoReview.id}`)).http).toBe(404);
    expect((await other.get(`/api/recipeUserEvaluation/recipeStatistics?recipeId=${R_1001}`)).http).toBe(404);
    const update = await other.post('/api/recipeUserEvaluation/update', {
      id: demoReview.id,
      version: demoReview.version,
      recipeId: OTHER_P_2001,
      sn: 'X',
      userAccount: 'x',
      score: 1,
    });
    expect(update.http).toBe(404);
    expect((await other.post('/api/recipeUserEvaluation/delete', { id: demoReview.id })).http).toBe(404);
    expect((await other.post('/api/recipeUserEvaluation/batchDelete', { ids: [demoReview.id] })).http).toBe(
      404,
    );
    const intoDemo = await review(other, { recipeId: R_1001 });
    expect(intoDemo).toMatchObject({
      http: 400,
      data: { fieldErrors: { recipeId: 'The recipe does not exist in your brand' } },
    });
    expect((await other.get('/api/recipeUserEvaluation/search?keyword=R-1001')).data).toEqual([]);
    expect((await demo.get(`/api/recipeUserEvaluation/detail?id=${demoReview.id}`)).data.score).toBe(5);
  });

  it('ranks the home’s popular recipes by their cooks, per brand', async () => {
    // The demo seed cooked R-1001 three times, R-1002 once; OTHER's P-2001 once on its own devices.
    const ranking = await demoEn.get('/api/common/loadBrandRecipeRanking');
    expect(ranking.data.slice(0, 2)).toEqual([
      { recipeId: R_1001, recipeNumber: 'R-1001', recipeName: 'Tomato beef brisket stew', count: 3 },
      {
        recipeId: '5e0c1a2b-0002-4d10-8a00-00000000d002',
        recipeNumber: 'R-1002',
        recipeName: expect.any(String),
        count: 1,
      },
    ]);
    expect(ranking.data.slice(2).every((r: { count: number }) => r.count === 0)).toBe(true);
    const theirs = await other.get('/api/common/loadBrandRecipeRanking');
    expect(theirs.data).toEqual([
      { recipeId: OTHER_P_2001, recipeNumber: 'P-2001', recipeName: 'Green pea soup', count: 1 },
    ]);
  });

  it('refuses reviews of a cleared recipe, and a cleared recipe’s reviews leave the list', async () => {
    const id = await recipe('EV-CLR');
    const kept = await review(demo, { recipeId: id });
    expect(kept.status).toBe(200);
    await demo.post('/api/recipe/delete', { id });
    const cleared = await demo.request('POST', '/api/recipe/clear', { json: { id } });
    expect(cleared.status).toBe(200);
    await demo.json('GET', '/api/recipe/list', {
      headers: { [READ_POSITION_HEADER]: cleared.headers.get(READ_POSITION_HEADER)! },
    });
    expect((await demo.get('/api/recipeUserEvaluation/list?recipe=EV-CLR')).data.total).toBe(0);
    const refused = await review(demoEn, { recipeId: id });
    expect(refused).toMatchObject({
      http: 400,
      desc: expect.stringContaining('does not exist in your brand'),
    });
  });
});
