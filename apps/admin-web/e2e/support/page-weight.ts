import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

export interface Loaded {
  url: string;
  /** `script`, `stylesheet`, `document`, `fetch`, `image`, … as Chromium names what asked for it. */
  type: string;
  /** The body's size gzip-compressed (level 6, as the server's gzip), whatever encoding it came in. */
  gzipBytes: number;
}

export interface PageWeight {
  requests: Loaded[];
  /** Gzip bytes of every answer, and of the JavaScript alone. */
  totalKb: number;
  scriptKb: number;
}

const isScript = (loaded: Loaded) => loaded.type === 'script' || /\.m?js(\?|$)/.test(loaded.url);

/**
 * Sums what a page asks for from now on: `weight` once every request made so far has its answer; `answered` lists
 * the paths answered so far (to wait for a screen's calls).
 */
export function recordRequests(page: Page): { weight(): Promise<PageWeight>; answered(): string[] } {
  const pending: Promise<Loaded>[] = [];
  const answered: string[] = [];
  const measure = async (request: Request): Promise<Loaded> => {
    // A failed request answers null and counts with no bytes.
    const response = await request.response().catch(() => null);
    const body = await response?.body().catch(() => Buffer.alloc(0));
    return {
      url: request.url(),
      type: request.resourceType(),
      gzipBytes: body && body.length > 0 ? gzipSync(body).length : 0,
    };
  };
  page.on('request', (request) => pending.push(measure(request)));
  page.on('requestfinished', (request) => answered.push(new URL(request.url()).pathname));
  return {
    answered: () => [...answered],
    async weight() {
      const requests = await Promise.all(pending);
      const kb = (list: Loaded[]) => list.reduce((sum, r) => sum + r.gzipBytes, 0) / 1024;
      return { requests, totalKb: kb(requests), scriptKb: kb(requests.filter(isScript)) };
    },
  };
}

/** One line per answer, largest first, for a failure message or the log. */
export function describeWeight(weight: PageWeight): string {
  const lines = [...weight.requests]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (r) =>
        `${(r.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`,
    );
  return [
    `${weight.requests.length} requests, ${weight.totalKb.toFixed(1)} KB gzip (JavaScript ${weight.scriptKb.toFixed(1)} KB)`,
    ...lines,
  ].join('\n');
}
