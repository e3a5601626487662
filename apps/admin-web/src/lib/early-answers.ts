/**
 * GET answers asked for before the code that reads them has arrived. The entry asks a page's first calls (the
 * session check, its first list page) as soon as it runs, beside the downloads of the layout's and the screen's
 * code; `api()` hands each to the first GET of the same address in the same language, instead of asking again once
 * that code is there.
 */
interface EarlyAnswer {
  lang: string;
  asked: number;
  answer: Promise<Response>;
}

const answers = new Map<string, EarlyAnswer>();

/** An early answer serves the page load that asked for it, not a screen opened later (its data may have changed). */
const SERVES_FOR_MS = 15_000;

/** Asks `url` now (a GET with `headers`); the answer waits for `takeEarlyAnswer`. */
export function askEarly(url: string, lang: string, headers: Record<string, string>): void {
  if (answers.has(url)) return;
  const answer = fetch(url, { headers, credentials: 'same-origin' });
  // A failed early ask is asked again by its reader; it must not be an unhandled rejection meanwhile.
  answer.catch(() => undefined);
  answers.set(url, { lang, asked: Date.now(), answer });
}

/** The early answer of `url` in `lang`, once: a second reader (a refetch) asks the server itself. */
export function takeEarlyAnswer(url: string, lang: string): Promise<Response> | undefined {
  const early = answers.get(url);
  if (!early) return undefined;
  answers.delete(url);
  if (early.lang !== lang || Date.now() - early.asked > SERVES_FOR_MS) return undefined;
  return early.answer;
}
