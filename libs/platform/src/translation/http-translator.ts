import { TranslationError, type TranslationProvider } from './provider.js';

/** Limits every HTTP adapter keeps to (from configuration; defaults in `DEFAULT_HTTP_LIMITS`). */
export interface HttpLimits {
  /** One request's time limit. */
  timeoutMs: number;
  /** Tries after the first on 429, 5xx, a timeout or a lost connection. */
  retries: number;
  /** First backoff; doubled on every retry (a Retry-After header wins when longer). */
  backoffMs: number;
  /** Requests started per second at most (one provider per process, shared by every job). */
  requestsPerSecond: number;
  /** Texts and characters in one request at most (a longer single text is sent alone). */
  batchTexts: number;
  batchChars: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  timeoutMs: 10_000,
  retries: 3,
  backoffMs: 500,
  requestsPerSecond: 5,
  batchTexts: 50,
  batchChars: 5000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spaces request starts at least `1000 / perSecond` ms apart, in call order. */
export class RateLimiter {
  private next = 0;
  constructor(private readonly perSecond: number) {}

  async take(): Promise<void> {
    const gap = 1000 / this.perSecond;
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + gap;
    if (at > now) await sleep(at - now);
  }
}

/** Splits texts into batches of at most `maxTexts` texts and `maxChars` characters, keeping their order. */
export function batches(texts: readonly string[], maxTexts: number, maxChars: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length > 0 && (current.length >= maxTexts || chars + text.length > maxChars)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** One HTTP request an adapter makes for a batch, and how it reads the answer. */
export interface BatchRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The translated texts from the parsed JSON answer; throws when the answer is not what the protocol says. */
  read(json: unknown): string[];
}

const retryable = (status: number) => status === 429 || status >= 500;

function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, 60_000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.min(Math.max(at - Date.now(), 0), 60_000) : 0;
}

/** The service's own error text, when its answer carries one (LibreTranslate `error`, DeepL `message`). */
async function errorText(res: Response): Promise<string> {
  const body = await res.text().catch(() => '');
  try {
    const json = JSON.parse(body) as { error?: unknown; message?: unknown };
    const text = json.error ?? json.message;
    if (typeof text === 'string') return text.slice(0, 200);
  } catch {
    // not JSON: the status says enough
  }
  return body.slice(0, 200);
}

/**
 * The shared machinery of the HTTP adapters: batching, the rate limit, a timeout per request, and retries with
 * exponential backoff on 429 and 5xx (other answers are final: a wrong key or language does not improve).
 */
export abstract class HttpTranslator implements TranslationProvider {
  abstract readonly name: string;
  readonly demo = false;
  private readonly limiter: RateLimiter;

  constructor(protected readonly limits: HttpLimits) {
    this.limiter = new RateLimiter(limits.requestsPerSecond);
  }

  protected abstract request(texts: string[], from: string, to: string): BatchRequest;

  async translate(texts: readonly string[], from: string, to: string): Promise<string[]> {
    const out: string[] = [];
    for (const batch of batches(texts, this.limits.batchTexts, this.limits.batchChars))
      out.push(...(await this.send(batch, from, to)));
    return out;
  }

  private async send(texts: string[], from: string, to: string): Promise<string[]> {
    const req = this.request(texts, from, to);
    let reason = '';
    for (let attempt = 0; attempt <= this.limits.retries; attempt++) {
      let wait = this.limits.backoffMs * 2 ** attempt;
      await this.limiter.take();
      try {
        const res = await fetch(req.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...req.headers },
          body: JSON.stringify(req.body),
          signal: AbortSignal.timeout(this.limits.timeoutMs),
        });
        if (res.ok) {
          let translated: string[];
          try {
            translated = req.read(await res.json());
          } catch (error) {
            throw new TranslationError(`${this.name}: unexpected answer (${(error as Error).message})`);
          }
          if (translated.length !== texts.length)
            throw new TranslationError(
              `${this.name}: ${translated.length} translations for ${texts.length} texts`,
            );
          return translated;
        }
        reason = `${this.name}: HTTP ${res.status} ${await errorText(res)}`.trim();
        if (!retryable(res.status)) throw new TranslationError(reason);
        wait = Math.max(wait, retryAfterMs(res.headers.get('retry-after')));
      } catch (error) {
        if (error instanceof TranslationError) throw error;
        const e = error as Error;
        reason =
          e.name === 'TimeoutError'
            ? `${this.name}: no answer within ${this.limits.timeoutMs} ms`
            : `${this.name}: ${e.message}`;
      }
      if (attempt < this.limits.retries) await sleep(wait);
    }
    throw new TranslationError(reason);
  }
}
