import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** One request the protocol server received. */
export interface TranslationRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The texts it asked for (LibreTranslate `q`, DeepL `text`). */
  texts: string[];
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface TranslationServer {
  url: string;
  requests: TranslationRequest[];
  /** The next `count` requests answer `status` (429 carries Retry-After: 0). */
  failNext(count: number, status: number): void;
  /** The next `count` requests answer after `ms`. */
  delayNext(count: number, ms: number): void;
  stop(): Promise<void>;
}

/** What the server "translates" a text into: visibly the target language's, and checkable by a test. */
export const fakeTranslation = (text: string, target: string) => `${target.toUpperCase()}: ${text}`;

/**
 * A loopback HTTP server speaking the two translation protocols our adapters call: LibreTranslate
 * (`POST /translate`, q[] source target format api_key → translatedText[]) and DeepL (`POST /v2/translate`,
 * `Authorization: DeepL-Auth-Key`, text[] source_lang target_lang → translations[].text). The services are outside
 * our reach; this is the stand-in the tests use. A text containing `BOOM` is answered 500 every time (a provider
 * failure), a wrong key 403.
 */
export async function startTranslationServer(options: { apiKey?: string } = {}): Promise<TranslationServer> {
  const requests: TranslationRequest[] = [];
  const failures: number[] = [];
  const delays: number[] = [];
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(raw || '{}') as Record<string, unknown>;
        } catch {
          return json(res, 400, { error: 'Invalid JSON' });
        }
        const deepl = req.url === '/v2/translate';
        const libre = req.url === '/translate';
        const texts = ((deepl ? body.text : body.q) ?? []) as string[];
        requests.push({ path: req.url ?? '', headers: req.headers, body, texts, at: Date.now() });
        const delay = delays.shift();
        if (delay) await new Promise((r) => setTimeout(r, delay));
        if (res.destroyed) return;
        const failure = failures.shift();
        if (failure)
          return json(
            res,
            failure,
            { error: `scripted ${failure}`, message: `scripted ${failure}` },
            {
              'retry-after': '0',
            },
          );
        if (req.method !== 'POST' || (!deepl && !libre)) return json(res, 404, { error: 'Not Found' });
        if (deepl && req.headers.authorization !== `DeepL-Auth-Key ${options.apiKey ?? ''}`)
          return json(res, 403, { message: 'Wrong authorization' });
        if (libre && options.apiKey && body.api_key !== options.apiKey)
          return json(res, 403, { error: 'Invalid API key' });
        if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string'))
          return json(res, 400, { error: 'Invalid request: missing q parameter' });
        if (texts.some((t) => t.includes('BOOM')))
          return json(res, 500, { error: 'Translation engine crashed', message: 'Internal error' });
        const target = String(deepl ? body.target_lang : body.target);
        const out = texts.map((t) => fakeTranslation(t, target));
        if (deepl)
          return json(res, 200, {
            translations: out.map((text) => ({ detected_source_language: body.source_lang, text })),
          });
        return json(res, 200, { translatedText: out });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (count, status) => failures.push(...Array.from({ length: count }, () => status)),
    delayNext: (count, ms) => delays.push(...Array.from({ length: count }, () => ms)),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
