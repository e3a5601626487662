import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { APK_PICTURES, apkContentSchema, bodySchemaOf, type ApkContent } from '@kb/contracts';
import { DomainError, type ApkCommand, type ApkEvent, type ApkState } from '@kb/domain';
import { PostgresEventStore, postgresEventStoreMigrations } from '@kb/event-store';
import { AppError } from '@kb/platform';
import { createTestDatabase, type TestDatabase, APK_IDENTITY, nthUuid, SPEC_AT } from '@kb/testing';
import { commandPath, type AggregatePath } from './aggregate.js';
import { apkAggregate, type ApkAnswer } from './apk.js';
import { apkCommands, type ApkPorts } from './apk.commands.js';
import { declaredCommand, runDeclared, type CommandEnvironment } from './command-kit.js';
import { AggregateStreams, type Actor } from './streams.js';

const FILE = nthUuid;
const AT = SPEC_AT;

/** A package the submission rule accepts: its versions, sub-brand, model, file and every picture uploaded. */
const content: ApkContent = {
  ...apkContentSchema.parse({
    ...APK_IDENTITY,
    updateNotes: 'New boot animation',
    branchPackage: 'release/2.3',
    modeName: 'Chef',
    apkFileCode: FILE(0),
    ...Object.fromEntries(APK_PICTURES.map((picture, i) => [picture, FILE(i + 1)])),
  }),
  fileSize: 1024,
};

const actor = (account: string, brand = 'DEMO'): Actor => ({
  brand,
  account,
  role: 'admin',
  correlationId: `spec-${account}`,
  lang: 'en',
});

describe('an aggregate command run outside the API (APK packages on the Postgres event store)', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let apks: AggregatePath<ApkCommand, ApkEvent, ApkState, ApkAnswer>;

  beforeAll(async () => {
    db = await createTestDatabase('kbagg');
    pool = new pg.Pool({ connectionString: db.url, max: 8 });
    pool.on('error', () => undefined);
    for (const migration of postgresEventStoreMigrations) await pool.query(migration.sql);
    store = new PostgresEventStore(pool, { notify: false });
    apks = commandPath(apkAggregate, new AggregateStreams(store, apkAggregate.storage));
  });

  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  const create = async (by: Actor) => {
    const apkId = randomUUID();
    await apks.run(by, apkId, () => [
      { type: 'CreateApkPackage', apkId, content },
      { type: 'SubmitApkForReview', by: by.account, at: AT },
    ]);
    return apkId;
  };

  it('creates, submits and passes a package, each append at the next revision with its position', async () => {
    const demo = actor('demo');
    const apkId = randomUUID();
    const created = await apks.run(demo, apkId, () => [
      { type: 'CreateApkPackage', apkId, content },
      { type: 'SubmitApkForReview', by: 'demo', at: AT },
    ]);
    expect(created).toMatchObject({
      id: apkId,
      versionNumber: '2.3.0',
      reviewStatus: 'pending_review',
      revision: 1,
      changed: true,
    });
    expect(created.position).not.toBeNull();

    const passed = await apks.run(actor('audit'), apkId, () => [
      { type: 'PassApkAudit', by: 'audit', at: AT },
    ]);
    expect(passed).toMatchObject({ reviewStatus: 'created', revision: 2, changed: true });

    const recorded = await store.readStream(apkAggregate.storage.streamId(apkId));
    expect(recorded.map((e) => [e.type, e.metadata.actor, e.metadata.brandOwnerCode])).toEqual([
      ['ApkPackageCreated', 'demo', 'DEMO'],
      ['ApkSubmittedForReview', 'demo', 'DEMO'],
      ['ApkAuditPassed', 'audit', 'DEMO'],
    ]);
  });

  it('keeps one brand’s package from another: absent to its commands, the decider’s 404', async () => {
    const apkId = await create(actor('demo'));
    await expect(
      apks.run(actor('other', 'OTHER'), apkId, () => [{ type: 'RecallApkSubmission', by: 'other' }]),
    ).rejects.toMatchObject({ status: 404, code: 'apk_not_found' });
    expect((await apks.load('OTHER', apkId)).revision).toBe(-1);
  });

  it('refuses a save over a revision someone changed since, naming the package', async () => {
    const apkId = await create(actor('demo'));
    const refused = apks.run(actor('demo'), apkId, () => [{ type: 'RecallApkSubmission', by: 'demo' }], {
      expectedRevision: 0,
    });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      code: 'apk_changed',
      params: { name: '2.3.0' },
    });
  });

  it('reports each record of a batch on its own, and the newest position appended', async () => {
    const a = await create(actor('demo'));
    const b = await create(actor('demo'));
    const missing = randomUUID();
    const outcome = await apks.runMany(actor('audit'), [a, missing, b.toUpperCase()], () => [
      { type: 'PassApkAudit', by: 'audit', at: AT },
    ]);
    expect(outcome.outcomes.map((o) => [o.id, o.label, o.change?.reviewStatus ?? o.error?.code])).toEqual([
      [a, '2.3.0', 'created'],
      [missing, null, 'apk_not_found'],
      [b, '2.3.0', 'created'],
    ]);
    expect(outcome.outcomes[1]!.error).toBeInstanceOf(DomainError);
    expect(outcome.position).toEqual(outcome.outcomes[2]!.change!.position);
  });

  it('explains an incomplete package’s refusal under each missing field', async () => {
    const apkId = randomUUID();
    const bare = { ...content, bootLogo: null, modeIcon: null };
    await expect(
      apks.run(actor('demo'), apkId, () => [
        { type: 'CreateApkPackage', apkId, content: bare },
        { type: 'SubmitApkForReview', by: 'demo', at: AT },
      ]),
    ).rejects.toMatchObject({
      status: 400,
      code: 'apk_incomplete',
      data: {
        fieldErrors: { bootLogo: 'apk_required_for_submission', modeIcon: 'apk_required_for_submission' },
      },
    });
  });

  describe('a declared command run by a process of its own (its ports, its parser)', () => {
    const ports: ApkPorts = {
      references: { resolve: async () => ({ content, check: async () => undefined }) },
      rollbackVersion: async () => null,
    };
    const env = (by: Actor): CommandEnvironment<ApkPorts> => ({
      actor: by,
      ports,
      // A process's own parser: the route's schema as it is (the API's adds its words and unknown-key refusals).
      parse: (schema, input) =>
        (bodySchemaOf(schema) as { parse(v: unknown): unknown }).parse(input) as never,
    });
    const run = (route: string, body: unknown, by: Actor) =>
      runDeclared(apkCommands, declaredCommand(apkCommands, route), body, apks, env(by));

    it('creates and submits through the declaration, answering the change and its message', async () => {
      const ran = await run('addAndApproval', content, actor('demo'));
      expect(ran).toMatchObject({
        answer: 'one',
        message: 'apk_submitted',
        change: { versionNumber: '2.3.0', reviewStatus: 'pending_review', revision: 1, changed: true },
      });
    });

    it('answers a batch with the done message, or the partial one when a record is refused', async () => {
      const a = await create(actor('demo'));
      const done = await run('batchAudit', { ids: [a], pass: true }, actor('audit'));
      expect(done).toMatchObject({ answer: 'batch', message: 'apk_batch_done' });
      const b = await create(actor('demo'));
      const partial = await run('batchAudit', { ids: [b, randomUUID()], pass: true }, actor('audit'));
      expect(
        partial.answer === 'batch' && partial.outcome.outcomes.map((o) => o.error?.code ?? 'ok'),
      ).toEqual(['ok', 'apk_not_found']);
      expect(partial.message).toBe('apk_batch_partial');
    });

    it('parses the body with the route’s schema before anything runs', async () => {
      await expect(
        run('batchAudit', { ids: 'not-a-list', pass: true }, actor('audit')),
      ).rejects.toMatchObject({
        issues: [expect.objectContaining({ path: ['ids'] })],
      });
    });
  });
});
