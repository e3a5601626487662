import type { EventStore } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { waitForProjection } from '@kb/read-models';
import { eventually } from '@kb/testing';
import { DEMO_ACTIVATION_KEYS } from '../src/seed/demo-devices.js';
import { uploadImage, type Client, startProjectedApi, type ProjectedApi, signedIn } from './harness.js';
import { startIngestProcess, type RunningIngestProcess } from './offline-packs-support.js';

/*
 * What appliances see (GET /device/v1/content on the real device-ingest process, on the API's database): the
 * brand's online content in the device's language, lock-screen ads of its model only, and an ETag that makes an
 * unchanged feed a 304.
 */
describe('device content feed (device-ingest GET /device/v1/content)', () => {
  let api: ProjectedApi;
  let demo: Client;
  let other: Client;
  let pool: Pool;
  let store: EventStore;
  let ingest: RunningIngestProcess;
  let base: string;

  beforeAll(async () => {
    api = await startProjectedApi({}, 8);
    ({ demo, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    ({ pool, store } = api);
    expect(await waitForProjection(pool, 'recipes', await store.headPosition(), { timeoutMs: 20_000 })).toBe(
      true,
    );
    ingest = await startIngestProcess(api.config);
    base = ingest.url;
  }, 240_000);
  afterAll(async () => {
    await ingest?.stop();
    await api.stop();
  }, 60_000);

  async function device(sn: string, productCode: string, key = DEMO_ACTIVATION_KEYS.DEMO!) {
    const res = await fetch(`${base}/device/v1/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-activation-key': key },
      body: JSON.stringify({ sn, productCode, apkVersion: '1.0.0' }),
    });
    const body = (await res.json()) as { status: number; desc: string; data: { credential: string } };
    if (body.status !== 200) throw new Error(`activation failed: ${body.desc}`);
    return body.data.credential;
  }

  const feed = (credential: string, lang?: string, etag?: string) =>
    fetch(`${base}/device/v1/content${lang ? `?lang=${lang}` : ''}`, {
      headers: { authorization: `Bearer ${credential}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('answers the brand’s online content in the device’s language, ads of its model only, with ETag and 304', async () => {
    const recipes = (await demo.get('/api/recipe/list?pageSize=100')).data.list as {
      id: string;
      status: string;
      online: boolean;
    }[];
    const shown = recipes.filter((r) => r.status === 'released' && r.online);
    const image = await uploadImage(demo);
    const onDevice = await demo.post('/api/ccBanner/add', {
      name: 'On the device',
      linkKind: 'recipe',
      imageFileCodes: [image],
      position: 'device_recipe_home',
      recipeIds: [shown[0]!.id],
      online: true,
    });
    expect(onDevice.status).toBe(200);
    const appOnly = { name: 'App only', linkKind: 'url', url: 'https://x.example', imageFileCodes: [image] };
    await demo.post('/api/ccBanner/add', { ...appOnly, position: 'app_home', online: true });
    await demo.post('/api/ccBanner/add', { ...appOnly, name: 'Offline', position: 'device_recipe_home' });
    await demo.post('/api/ccBanner/add', {
      ...appOnly,
      name: 'Over',
      position: 'device_recipe_home',
      online: true,
      onlineStart: '2020-01-01T00:00:00Z',
      onlineEnd: '2021-01-01T00:00:00Z',
    });
    await demo.post('/api/lockScreenAds/add', {
      name: 'TM-7 ad',
      imageFileCodes: [image],
      modelCodes: ['TM-7'],
      online: true,
    });
    await demo.post('/api/lockScreenAds/add', {
      name: 'AF-5 ad',
      imageFileCodes: [image],
      modelCodes: ['AF-5'],
      online: true,
    });
    const group = await demo.post('/api/specRecipe/add', {
      name: 'Quick dinners',
      number: 'QUICK',
      descriptions: { zh: '快手晚餐', en: 'Quick dinners' },
      recipeIds: [shown[0]!.id],
    });
    await demo.post('/api/hotTag/add', { labels: { zh: '汤', en: 'Soup' }, online: true });
    await demo.post('/api/hotTag/add', { labels: { zh: '面包' }, online: true, sort: 1 });
    await demo.post('/api/hotTag/add', { labels: { zh: '隐藏' } });
    await other.post('/api/hotTag/add', { labels: { en: 'Theirs' }, online: true });

    const tm7 = await device('CONTENT-TM7', 'TM-7');
    const first = await feed(tm7, 'en');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const { data } = (await first.json()) as { data: any };
    expect(data.lang).toBe('en');
    expect(data.banners.map((b: { name: string }) => b.name)).toEqual(['On the device']);
    expect(data.banners[0]).toMatchObject({
      imageFileCode: image,
      recipeIds: [shown[0]!.id],
      shareId: onDevice.data.shareId,
    });
    expect(data.lockScreenAds.map((a: { name: string }) => a.name)).toEqual(['TM-7 ad']);
    expect(data.groups).toEqual([
      expect.objectContaining({
        name: 'Quick dinners',
        description: 'Quick dinners',
        recipeIds: [shown[0]!.id],
        shareId: group.data.shareId,
      }),
    ]);
    // A label without English falls back to the brand's main language; offline ones and OTHER's are not there.
    expect(data.hotTags.map((t: { label: string }) => t.label)).toEqual(['Soup', '面包']);

    const zh = (await (await feed(tm7, 'zh')).json()) as { data: any };
    expect(zh.data.hotTags.map((t: { label: string }) => t.label)).toEqual(['汤', '面包']);
    expect(zh.data.groups[0].description).toBe('快手晚餐');

    const af5 = await device('CONTENT-AF5', 'AF-5');
    const af5Feed = (await (await feed(af5, 'en')).json()) as { data: any };
    expect(af5Feed.data.lockScreenAds.map((a: { name: string }) => a.name)).toEqual(['AF-5 ad']);

    const unchanged = await feed(tm7, 'en', etag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    // A change shows within seconds, with a new ETag.
    await demo.post('/api/hotTag/add', { labels: { zh: '新', en: 'New' }, online: true });
    const changed = await eventually(
      () => feed(tm7, 'en', etag),
      (res) => res.status !== 304,
      10_000,
      'the feed changed',
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const fresh = (await changed.json()) as { data: any };
    expect(fresh.data.hotTags.map((t: { label: string }) => t.label)).toEqual(['Soup', 'New', '面包']);

    // OTHER's device sees OTHER's content only.
    const theirs = await device('CONTENT-OTHER', 'TM-6', DEMO_ACTIVATION_KEYS.OTHER!);
    const otherFeed = (await (await feed(theirs)).json()) as { data: any };
    expect(otherFeed.data.hotTags.map((t: { label: string }) => t.label)).toEqual(['Theirs']);
    expect(otherFeed.data.banners).toEqual([]);

    expect((await fetch(`${base}/device/v1/content`)).status).toBe(401);
    expect((await feed(tm7, 'x!')).status).toBe(400);
  }, 180_000);
});
