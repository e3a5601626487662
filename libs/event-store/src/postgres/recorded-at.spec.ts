import pg from 'pg';
import { parseRecordedAt } from './postgres-event-store.js';

const driver = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number | null;

/** A time as the server writes a timestamptz in UTC, its fraction cut to `places` digits (none: no fraction). */
function serverText(ms: number, micros: number, places: number): string {
  const d = new Date(ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const base = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const fraction = `${pad(d.getUTCMilliseconds(), 3)}${pad(micros, 3)}`.slice(0, places).replace(/0+$/, '');
  return `${base}${fraction ? `.${fraction}` : ''}+00`;
}

describe('reading recorded_at', () => {
  it('gives the same instant as the driver for every form the server writes in UTC', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const texts = Array.from({ length: 20_000 }, () =>
      serverText(Math.floor(random() * 8e12) - 1e12, Math.floor(random() * 1000), Math.floor(random() * 7)),
    );
    const differing = texts.filter((t) => parseRecordedAt(t).getTime() !== (driver(t) as Date).getTime());
    expect(differing).toEqual([]);
    // Every length of fraction came up, none to six digits.
    expect(new Set(texts.map((t) => t.length)).size).toBeGreaterThanOrEqual(7);
  });

  it('leaves other forms to the driver: other zones, early years, BC and infinity', () => {
    for (const text of [
      '2026-11-28 13:08:41.599845+05:30',
      '2026-11-28 13:08:41-08',
      '0999-01-02 03:04:05.5+00',
      '0050-01-02 03:04:05+00',
      '2026-11-28 13:08:41.599845+00 BC',
      '2026-11-28 13:08:41.+00',
      'infinity',
      '-infinity',
    ])
      expect([text, parseRecordedAt(text).valueOf()]).toEqual([text, driver(text)?.valueOf()]);
  });
});
