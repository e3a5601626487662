import pg from 'pg';
import { APK_PICTURES, PERMISSION_ROLES, type StaffRole } from '@kb/contracts';
import type { EventStore } from '@kb/event-store';
import { allProjections, runProjections } from '@kb/read-models';
import { eventually } from '@kb/testing';
import { EVENT_STORE } from '../src/infra/tokens.js';
import { roleHears } from '../src/modules/live-events/live-events.service.js';
import { Client, command, loggedIn, read, startTestApi, type TestApi, signedIn } from './harness.js';

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
  let stopProjecting: AbortController;
  let projecting: Promise<void>;
  beforeAll(async () => {
    api = await startTestApi({ ROLLOUT_WATCH_MS: '0' });
    pool = new pg.Pool({ connectionString: api.db.url });
    // The projector's part, in process: a rollout step is announced once the APK read model shows it.
    stopProjecting = new AbortController();
    projecting = runProjections(pool, api.app.get<EventStore>(EVENT_STORE), allProjections, {
      signal: stopProjecting.signal,
      pollIntervalMs: 20,
    });
  });
  afterAll(async () => {
    stopProjecting.abort();
    await projecting;
    await pool.end();
    await api.stop();
  });

  let noticeSeq = 900_000;
  /** A pushed notice of `brand`, as the API stores it. */
  const pushedNotice = async (brand: string) =>
    (
      await pool.query<{ id: string }>(
        `INSERT INTO notices (brand_owner_code, seq, label, texts, push_mode, state, target_kind, created_by,
                              push_started_at, pushed_at)
         VALUES ($1, $2, 'live', '[]', 'now', 'pushed', 'all', 'test', now(), now()) RETURNING id::text AS id`,
        [brand, ++noticeSeq],
      )
    ).rows[0]!.id;
  /** What device-ingest counts when devices acknowledge a notice: received (and read) in this minute. */
  const acknowledged = (noticeId: string, read: number) =>
    pool.query(
      `INSERT INTO notice_ack_minutes (notice_id, minute, received, read)
       VALUES ($1, date_trunc('minute', now()), 1, $2)
       ON CONFLICT (notice_id, minute) DO UPDATE
         SET received = notice_ack_minutes.received + 1, read = notice_ack_minutes.read + EXCLUDED.read`,
      [noticeId, read],
    );

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
    const { viewer: demo, other } = await signedIn(api.baseUrl, 'en', 'viewer', 'other');
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
    // Two devices changed: each is told once, in whichever order their changes were announced.
    expect(resumed.live()).toHaveLength(2);
    expect(resumed.live()).toEqual(
      expect.arrayContaining([
        { topic: 'device', id: mine },
        { topic: 'device', id: second },
      ]),
    );

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

  it('resumes a stream that heard nothing yet from where it opened', async () => {
    const viewer = await loggedIn(api.baseUrl, 'viewer', 'viewer12345', 'en');
    const quiet = await openStream(api, viewer);
    const opened = await eventually(
      async () => quiet.events.find((e) => e.event === 'position'),
      Boolean,
      15_000,
      'the stream says where it stands',
    );
    await quiet.close();
    const device = await deviceOf('DEMO', 'DMTM6000003');
    await setOnline(device, true);
    const resumed = await openStream(api, viewer, opened!.id!);
    await eventually(
      async () => resumed.live(),
      (d) => d.length > 0,
      15_000,
      'the change while away',
    );
    expect(resumed.live()).toContainEqual({ topic: 'device', id: device });
    await resumed.close();
  });

  it('tells each brand, and only it, when its notices are acknowledged and its APK rollouts take a step', async () => {
    const { viewer, other } = await signedIn(api.baseUrl, 'en', 'viewer', 'other');
    const demoStream = await openStream(api, viewer);
    const otherStream = await openStream(api, other);
    const mine = await pushedNotice('DEMO');
    const theirs = await pushedNotice('OTHER');

    // A burst of acknowledgements is told at once, and once more for the rest of the burst.
    for (let i = 0; i < 5; i++) await acknowledged(mine, i % 2);
    await acknowledged(theirs, 1);
    await eventually(
      async () => [demoStream.live(), otherStream.live()] as const,
      ([d, o]) => d.length > 0 && o.length > 0,
      15_000,
      'both streams hear their notice acknowledged',
    );
    expect(otherStream.live()).toEqual([{ topic: 'notice', id: theirs }]);
    await eventually(
      async () => demoStream.live(),
      (d) => d.length === 2,
      15_000,
      'the rest of the burst',
    );
    expect(demoStream.live()).toEqual([
      { topic: 'notice', id: mine },
      { topic: 'notice', id: mine },
    ]);

    // A rollout step by DEMO's auditor reaches DEMO's streams once its read model shows it.
    const { demo, audit: auditor } = await signedIn(api.baseUrl, 'en', 'demo', 'audit');
    const added = await command(demo, '/api/subApk/addAndApproval', {
      subBrandCode: 'DEMO-BAKE',
      productCode: 'OV-40',
      versionNumber: '8.8.0',
      apkVersion: '8.8.0-b1',
      ...Object.fromEntries(
        APK_PICTURES.map((field, i) => [
          field,
          `a9c0de00-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
        ]),
      ),
      apkFileCode: 'a9c0de00-0000-4000-8000-000000000200',
    });
    const apkId = added.data.id as string;
    expect((await command(auditor, '/api/subApk/auditPass', { id: apkId })).status).toBe(200);
    expect(
      (await command(auditor, '/api/subApk/updateTestStatus', { id: apkId, testing: true })).status,
    ).toBe(200);
    const started = await command(auditor, '/api/subApk/rollout/start', {
      id: apkId,
      stages: [{ percent: 10 }, { percent: 100 }],
    });
    expect(started.status).toBe(200);
    await eventually(
      async () => demoStream.live().filter((e) => e.topic === 'rollout'),
      (r) => r.length > 0,
      15_000,
      'the rollout start is told',
    );
    // Told once the read model shows it: the screen that asks again without a position sees the step.
    const detail = await read(viewer, `/api/subApk/rollout/detail?id=${apkId}`);
    expect(detail.data.rollout.status).toBe('running');
    expect((await command(auditor, '/api/subApk/rollout/pause', { id: apkId, note: 'look' })).status).toBe(
      200,
    );
    await eventually(
      async () => demoStream.live().filter((e) => e.topic === 'rollout'),
      (r) => r.length === 2,
      15_000,
      'the pause is told',
    );
    expect(demoStream.live().filter((e) => e.topic === 'rollout')).toEqual([
      { topic: 'rollout', id: apkId },
      { topic: 'rollout', id: apkId },
    ]);

    // The other brand heard none of it: its own later fact arrives after all of DEMO's, and alone.
    await acknowledged(theirs, 0);
    await eventually(
      async () => otherStream.live(),
      (o) => o.length === 2,
      15_000,
      'the other brand’s next fact',
    );
    expect(otherStream.live()).toEqual([
      { topic: 'notice', id: theirs },
      { topic: 'notice', id: theirs },
    ]);
    await Promise.all([demoStream.close(), otherStream.close()]);
  });

  it('tells a role of notices and rollouts only when it holds the permission of their screens', () => {
    const roles: StaffRole[] = ['admin', 'editor', 'auditor', 'viewer'];
    // Every role reads notices and APKs today: each hears them.
    for (const role of roles) {
      expect(roleHears(role, 'notice')).toBe(PERMISSION_ROLES.read.includes(role));
      expect(roleHears(role, 'rollout')).toBe(true);
    }
    // Under a matrix where only admins read, the others hear nothing of them.
    const stricter = { ...PERMISSION_ROLES, read: ['admin'] as const };
    expect(roles.filter((role) => roleHears(role, 'notice', stricter))).toEqual(['admin']);
    expect(roles.filter((role) => roleHears(role, 'rollout', stricter))).toEqual(['admin']);
  });
});
