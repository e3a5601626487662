import pg from 'pg';
import { eventually } from '@kb/testing';
import { Client, loggedIn, startTestApi, type TestApi } from './harness.js';

interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

/** An open `GET /api/events` of a signed-in client: the events it has received so far. */
async function openStream(api: TestApi, client: Client, lastEventId?: string) {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    accept: 'text/event-stream',
  };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${api.baseUrl}/api/events`, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2) ?? null;
        if (field('event'))
          events.push({ id: field('id'), event: field('event')!, data: field('data') ?? '' });
      }
    }
  })();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    events,
    live: () =>
      events
        .filter((e) => e.event === 'live')
        .map((e) => JSON.parse(e.data) as { topic: string; id: string }),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe('live events stream', () => {
  let api: TestApi;
  let pool: pg.Pool;
  beforeAll(async () => {
    api = await startTestApi();
    pool = new pg.Pool({ connectionString: api.db.url });
  });
  afterAll(async () => {
    await pool.end();
    await api.stop();
  });

  const deviceOf = async (brand: string, sn: string) =>
    (
      await pool.query<{ id: string }>(
        'SELECT id::text AS id FROM devices WHERE brand_owner_code = $1 AND sn = $2',
        [brand, sn],
      )
    ).rows[0]!.id;
  /** What device-ingest does when a device reports or falls silent. */
  const setOnline = (id: string, online: boolean) =>
    pool.query('UPDATE devices SET online = $2, status_changed_at = now() WHERE id = $1', [id, online]);

  it('answers 401 without a session', async () => {
    const res = await new Client(api.baseUrl, 'en').get('/api/events');
    expect(res.status).toBe(401);
  });

  it('tells each brand, and only it, when its device goes on- or offline; a reconnect resumes', async () => {
    const demo = await loggedIn(api.baseUrl, 'viewer', 'viewer12345', 'en');
    const other = await loggedIn(api.baseUrl, 'other', 'other12345', 'en');
    const demoStream = await openStream(api, demo);
    const otherStream = await openStream(api, other);
    expect(demoStream.status).toBe(200);
    expect(demoStream.type).toContain('text/event-stream');

    const mine = await deviceOf('DEMO', 'DMTM6000001');
    const theirs = await deviceOf('OTHER', 'OTTM6000001');
    await setOnline(mine, true);
    await setOnline(theirs, true);
    await eventually(
      async () => [demoStream.live(), otherStream.live()] as const,
      ([d, o]) => d.length > 0 && o.length > 0,
      15_000,
      'both streams hear their device',
    );
    expect(demoStream.live()).toEqual([{ topic: 'device', id: mine }]);
    expect(otherStream.live()).toEqual([{ topic: 'device', id: theirs }]);

    // Away for a while: what happened meanwhile comes on reconnect, after the last event seen.
    const last = demoStream.events.filter((e) => e.event === 'live').at(-1)!.id!;
    await demoStream.close();
    const second = await deviceOf('DEMO', 'DMTM6000002');
    await setOnline(mine, false);
    await setOnline(second, true);
    await setOnline(theirs, false);
    await eventually(
      async () => otherStream.live(),
      (o) => o.length === 2,
      15_000,
      'the other brand hears its device go offline',
    );
    const resumed = await openStream(api, demo, last);
    await eventually(
      async () => resumed.live(),
      (d) => d.length >= 2,
      15_000,
      'the resumed stream replays what it missed',
    );
    expect(resumed.live()).toEqual([
      { topic: 'device', id: mine },
      { topic: 'device', id: second },
    ]);

    // A last event id the server cannot resume from: the stream says to reload everything.
    const stale = await openStream(api, demo, 'gone-12');
    await eventually(
      async () => stale.events.map((e) => e.event),
      (names) => names.includes('reset'),
      15_000,
      'a reset for an unknown last event id',
    );
    await Promise.all([resumed.close(), stale.close(), otherStream.close()]);
  });
});
