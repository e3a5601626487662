import { closedPort, createTestDatabase, type TestDatabase } from '@kb/testing';
import { requireBuiltProjector, startProjector } from './test/support.js';

describe('the projector process with EVENT_STORE=kurrentdb', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    requireBuiltProjector();
    db = await createTestDatabase('kbproj');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('refuses to start when no KurrentDB server answers, saying so, with a non-zero exit', async () => {
    const port = await closedPort();
    const started = Date.now();
    const projector = startProjector(['run'], {
      DATABASE_URL: db.url,
      EVENT_STORE: 'kurrentdb',
      KURRENTDB_URL: `kurrentdb://127.0.0.1:${port}?tls=false`,
    });
    expect(await projector.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(projector.output()).toContain(
      `projector: EVENT_STORE=kurrentdb, but KurrentDB at kurrentdb://127.0.0.1:${port}?tls=false did not answer`,
    );
    expect(projector.output()).not.toContain('projector running');
  });

  it('refuses EVENT_STORE=kurrentdb without KURRENTDB_URL, and an unknown store', async () => {
    const withoutUrl = startProjector(['run'], { DATABASE_URL: db.url, EVENT_STORE: 'kurrentdb' });
    expect(await withoutUrl.exited).toEqual({ code: 2, signal: null });
    expect(withoutUrl.output()).toContain('EVENT_STORE=kurrentdb needs KURRENTDB_URL');
    const unknown = startProjector(['status'], { DATABASE_URL: db.url, EVENT_STORE: 'mongodb' });
    expect(await unknown.exited).toEqual({ code: 2, signal: null });
    expect(unknown.output()).toContain('EVENT_STORE must be one of postgres, kurrentdb, got "mongodb"');
  });
});
