/**
 * Polls `probe` until `done` holds for its value, and answers that value; past `ms` it fails naming `what` and the
 * last value. The one poll of the tests: they wait for a fact, never for a fixed time.
 */
export async function eventually<T>(
  probe: () => Promise<T> | T,
  done: (v: T) => boolean,
  ms = 20_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`${what} not met in ${ms} ms; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The value of one sample of a Prometheus text exposition, chosen by its family name and some of its labels. */
export function metricSample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}
