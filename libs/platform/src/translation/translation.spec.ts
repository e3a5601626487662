import { fakeTranslation, startTranslationServer, type TranslationServer } from '@kb/testing';
import { deeplSourceLang, deeplTargetLang, DeepLProvider } from './deepl.js';
import { DemoGlossaryProvider } from './demo-glossary.js';
import { createTranslationProvider, translationSettingsProblem } from './from-config.js';
import { batches, DEFAULT_HTTP_LIMITS, type HttpLimits } from './http-translator.js';
import { LibreTranslateProvider } from './libretranslate.js';
import { TranslationError } from './provider.js';

const limits: HttpLimits = {
  ...DEFAULT_HTTP_LIMITS,
  timeoutMs: 500,
  retries: 2,
  backoffMs: 10,
  requestsPerSecond: 1000,
  batchTexts: 3,
  batchChars: 40,
};

describe('translation adapters against a server speaking the services’ protocols', () => {
  let server: TranslationServer;
  beforeAll(async () => {
    server = await startTranslationServer({ apiKey: 'secret:fx' });
  });
  afterAll(() => server.stop());
  beforeEach(() => void server.requests.splice(0));

  const libre = (over: Partial<HttpLimits> = {}) =>
    new LibreTranslateProvider(server.url, 'secret:fx', { ...limits, ...over });
  const deepl = (key = 'secret:fx') => new DeepLProvider(server.url, key, limits);

  it('LibreTranslate: sends q[], source, target, format and api_key, in batches, answers in order', async () => {
    const texts = ['番茄', '鸡蛋', '盐', '水', '翻炒两分钟'];
    const out = await libre().translate(texts, 'zh', 'en');
    expect(out).toEqual(texts.map((t) => fakeTranslation(t, 'en')));
    expect(server.requests.map((r) => r.path)).toEqual(['/translate', '/translate']);
    expect(server.requests[0]!.body).toEqual({
      q: ['番茄', '鸡蛋', '盐'],
      source: 'zh',
      target: 'en',
      format: 'text',
      api_key: 'secret:fx',
    });
    expect(server.requests[1]!.texts).toEqual(['水', '翻炒两分钟']);
  });

  it('DeepL: sends text[] with its language codes and the key in the Authorization header', async () => {
    const out = await deepl().translate(['Tomato', 'Egg'], 'en', 'zh');
    expect(out).toEqual(['ZH-HANS: Tomato', 'ZH-HANS: Egg']);
    expect(server.requests[0]).toMatchObject({
      path: '/v2/translate',
      headers: { authorization: 'DeepL-Auth-Key secret:fx' },
      body: { text: ['Tomato', 'Egg'], source_lang: 'EN', target_lang: 'ZH-HANS' },
    });
    expect([
      deeplSourceLang('zh-TW'),
      deeplTargetLang('en'),
      deeplTargetLang('pt-BR'),
      deeplTargetLang('de'),
    ]).toEqual(['ZH', 'EN-US', 'PT-BR', 'DE']);
  });

  it('retries a 429 and a 503 with backoff and then succeeds', async () => {
    server.failNext(1, 429);
    server.failNext(1, 503);
    expect(await libre().translate(['盐'], 'zh', 'en')).toEqual(['EN: 盐']);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after its retries with the last reason', async () => {
    server.failNext(3, 429);
    await expect(libre().translate(['盐'], 'zh', 'en')).rejects.toThrow(
      new TranslationError('libretranslate: HTTP 429 scripted 429'),
    );
    expect(server.requests).toHaveLength(3);
  });

  it('times out a request that does not answer, retries it, and reports the timeout', async () => {
    server.delayNext(2, 800);
    expect(await libre({ retries: 2 }).translate(['水'], 'zh', 'en')).toEqual(['EN: 水']);
    server.delayNext(3, 800);
    await expect(libre({ retries: 2 }).translate(['水'], 'zh', 'en')).rejects.toThrow(
      'libretranslate: no answer within 500 ms',
    );
  });

  it('does not retry a refusal that cannot improve (wrong key), and names it', async () => {
    await expect(deepl('wrong').translate(['Egg'], 'en', 'zh')).rejects.toThrow(
      'deepl: HTTP 403 Wrong authorization',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('fails the whole call when one batch fails mid-way (the service crashed on it)', async () => {
    await expect(libre().translate(['a', 'b', 'c', 'BOOM', 'e'], 'zh', 'en')).rejects.toThrow(
      'libretranslate: HTTP 500 Translation engine crashed',
    );
    // the first batch went through, the second was tried three times
    expect(server.requests.map((r) => r.texts[0])).toEqual(['a', 'BOOM', 'BOOM', 'BOOM']);
  });

  it('keeps to the rate limit: requests start at least 1/rate apart', async () => {
    const slow = libre({ requestsPerSecond: 10, batchTexts: 1 });
    const started = performance.now();
    await slow.translate(['a', 'b', 'c', 'd'], 'zh', 'en');
    const elapsed = performance.now() - started;
    expect(server.requests).toHaveLength(4);
    // 10 per second: the four starts span at least 300 ms on the caller's clock (unlimited, they take a few ms).
    // Arrival times at the server carry the machine's jitter (one request delayed narrows the gap after it),
    // so there the span only has to come near it.
    expect(elapsed).toBeGreaterThanOrEqual(295);
    expect(server.requests[3]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(250);
  });
});

describe('batches', () => {
  it('splits by text count and by characters, and sends a long text alone', () => {
    expect(batches(['aa', 'bb', 'cc', 'dd'], 3, 100)).toEqual([['aa', 'bb', 'cc'], ['dd']]);
    expect(batches(['aaaa', 'bbbb', 'c'.repeat(20), 'd'], 10, 10)).toEqual([
      ['aaaa', 'bbbb'],
      ['c'.repeat(20)],
      ['d'],
    ]);
  });
});

describe('provider from configuration', () => {
  it('uses the demo glossary without a service and says it is a demo', async () => {
    const demo = createTranslationProvider({ provider: 'demo' });
    expect(demo).toBeInstanceOf(DemoGlossaryProvider);
    expect(demo.demo).toBe(true);
    expect(await demo.translate(['番茄汤', '番茄切块，鸡蛋适量', '趁热吃'], 'zh', 'en')).toEqual([
      'Tomato soup',
      'Tomato cut into pieces, egg to taste',
      'Serve hot',
    ]);
    expect(await demo.translate(['Tomato soup', 'Add salt'], 'en', 'zh')).toEqual(['番茄汤', '加入盐']);
    expect(await demo.translate(['Tomate'], 'de', 'fr')).toEqual(['[fr] Tomate']);
  });

  it('names what a service needs', () => {
    expect(translationSettingsProblem({ provider: 'libretranslate' })).toBe(
      'TRANSLATION_URL is required for libretranslate',
    );
    expect(translationSettingsProblem({ provider: 'deepl', url: 'http://x' })).toBe(
      'TRANSLATION_API_KEY is required for deepl',
    );
    expect(createTranslationProvider({ provider: 'deepl', apiKey: 'k:fx' }).name).toBe('deepl');
  });
});
