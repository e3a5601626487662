import type { ApkContent } from '@kb/contracts';
import { APK_EVENT_TYPES, evolveApk, upcastApkEvent, type ApkState, type ExistingApk } from '@kb/domain';
import type { RecordedEvent } from '@kb/event-store';
import type { PoolClient } from '@kb/platform';
import { recordColumns, upsertRows } from '../framework/upsert-rows.js';
import { defineProjection, type ProjectionContext } from '../framework/projection.js';

const APK_STREAM = /^apk-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The package id of an `apk-<uuid>` stream, or null for any other stream. */
export function apkIdOfStream(streamId: string): string | null {
  return APK_STREAM.exec(streamId)?.[1]?.toLowerCase() ?? null;
}

/** One package as the projection carries it through a batch: the folded state and who touched it when. */
interface Tracked {
  apkId: string;
  brand: string;
  state: ApkState;
  /** Stream position of the last event applied (-1 before the first). */
  revision: number;
  createdAt: string | null;
  createdBy: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A payload without a package's content (some other tool's stream) is not shown rather than stopping the batch. */
function isApk(state: ApkState): state is ExistingApk {
  if (state.status === 'absent') return false;
  const content = state.content as Partial<ApkContent> | undefined;
  return (
    typeof content === 'object' &&
    content !== null &&
    typeof content.subBrandCode === 'string' &&
    typeof content.productCode === 'string' &&
    typeof content.versionNumber === 'string'
  );
}

function listRow(t: Tracked & { state: ExistingApk }) {
  const { state } = t;
  const c = state.content;
  return {
    apk_id: t.apkId,
    brand_owner_code: t.brand,
    sub_brand_code: c.subBrandCode,
    product_code: c.productCode,
    version_number: c.versionNumber,
    apk_version: c.apkVersion,
    parent_version: c.parentVersion,
    branch_package: c.branchPackage,
    file_size: c.fileSize,
    review_status: state.status,
    test_status: state.testStatus,
    release_status: state.releaseStatus,
    submitted_by: state.submittedBy,
    applied_at: state.appliedAt,
    audited_by: state.auditedBy,
    audited_at: state.auditedAt,
    released_at: state.releasedAt,
    returned_at: state.returnedAt,
    return_reason: state.returnReason,
    created_at: t.createdAt,
    created_by: t.createdBy,
    updated_at: t.updatedAt,
    updated_by: t.updatedBy,
    revision: t.revision,
  };
}

const LIST_COLUMNS =
  recordColumns(`apk_id uuid, brand_owner_code text, sub_brand_code text, product_code text, version_number text,
  apk_version text, parent_version text, branch_package text, file_size bigint, review_status text, test_status text,
  release_status text, submitted_by text, applied_at timestamptz, audited_by text, audited_at timestamptz,
  released_at timestamptz, returned_at timestamptz, return_reason text, created_at timestamptz, created_by text,
  updated_at timestamptz, updated_by text, revision bigint`);

const DETAIL_COLUMNS =
  recordColumns(`apk_id uuid, brand_owner_code text, state jsonb, revision bigint, created_at timestamptz,
  created_by text, updated_at timestamptz, updated_by text`);

async function loadTracked(tx: PoolClient, ctx: ProjectionContext, ids: string[]) {
  const { rows } = await tx.query<{
    apk_id: string;
    brand_owner_code: string;
    state: ApkState;
    revision: string;
    created_at: Date;
    created_by: string;
    updated_at: Date;
    updated_by: string;
  }>(
    `SELECT apk_id::text AS apk_id, brand_owner_code, state, revision, created_at, created_by, updated_at, updated_by
       FROM ${ctx.table('apk_detail')} WHERE apk_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map<string, Tracked>(
    rows.map((r) => [
      r.apk_id,
      {
        apkId: r.apk_id,
        brand: r.brand_owner_code,
        state: r.state,
        revision: Number(r.revision),
        createdAt: r.created_at.toISOString(),
        createdBy: r.created_by,
        updatedAt: r.updated_at.toISOString(),
        updatedBy: r.updated_by,
      },
    ]),
  );
}

function apply(t: Tracked, event: RecordedEvent): void {
  if (Number(event.streamPosition) <= t.revision) return;
  const next = evolveApk(t.state, upcastApkEvent(event.type, event.metadata.schemaVersion ?? 1, event.data));
  t.revision = Number(event.streamPosition);
  if (!isApk(next)) {
    t.state = { status: 'absent' };
    return;
  }
  const at = event.metadata.occurredAt ?? event.recordedAt.toISOString();
  if (event.type === 'ApkPackageCreated') {
    t.brand = event.metadata.brandOwnerCode;
    t.createdAt = at;
    t.createdBy = event.metadata.actor;
  }
  t.updatedAt = at;
  t.updatedBy = event.metadata.actor;
  t.state = next;
}

/**
 * The APK package read models (issue 6), folded with the APK decider's own `evolve`:
 *
 * - `apk_detail`: one row per package with its whole current state as jsonb and the stream revision the form
 *   saves against.
 * - `apk_list`: the columns the list filters (sub-brand, model, version, review/test/release status), sorts and
 *   shows, including the apply, audit, return and release facts.
 *
 * A deleted package leaves both tables; its stream keeps the history.
 */
export const apkProjection = defineProjection({
  name: 'apk_packages',
  version: 1,
  handles: APK_EVENT_TYPES,
  tables: [
    {
      name: 'apk_detail',
      create: (t) => `
        CREATE TABLE ${t} (
          apk_id uuid PRIMARY KEY,
          brand_owner_code text NOT NULL,
          state jsonb NOT NULL,
          revision bigint NOT NULL,
          created_at timestamptz NOT NULL,
          created_by text NOT NULL,
          updated_at timestamptz NOT NULL,
          updated_by text NOT NULL
        );`,
    },
    {
      name: 'apk_list',
      create: (t) => `
        CREATE TABLE ${t} (
          apk_id uuid PRIMARY KEY,
          brand_owner_code text NOT NULL,
          sub_brand_code text NOT NULL,
          product_code text NOT NULL,
          version_number text NOT NULL,
          apk_version text NOT NULL,
          parent_version text NOT NULL,
          branch_package text NOT NULL,
          file_size bigint,
          review_status text NOT NULL,
          test_status text NOT NULL,
          release_status text NOT NULL,
          submitted_by text,
          applied_at timestamptz,
          audited_by text,
          audited_at timestamptz,
          released_at timestamptz,
          returned_at timestamptz,
          return_reason text,
          created_at timestamptz NOT NULL,
          created_by text NOT NULL,
          updated_at timestamptz NOT NULL,
          updated_by text NOT NULL,
          revision bigint NOT NULL
        );
        CREATE INDEX ON ${t} (brand_owner_code, updated_at DESC, apk_id DESC);
        CREATE INDEX ON ${t} (brand_owner_code, sub_brand_code, product_code, applied_at DESC);
        CREATE INDEX ON ${t} (brand_owner_code, review_status, updated_at DESC);`,
    },
  ],
  async project(events, tx, ctx) {
    const ids = [...new Set(events.map((e) => apkIdOfStream(e.streamId)).filter((id) => id !== null))];
    if (ids.length === 0) return;
    await tx.query('SET LOCAL jit = off');
    const tracked = await loadTracked(tx, ctx, ids);
    for (const event of events) {
      const apkId = apkIdOfStream(event.streamId);
      if (!apkId) continue;
      let t = tracked.get(apkId);
      if (!t) {
        t = {
          apkId,
          brand: event.metadata.brandOwnerCode,
          state: { status: 'absent' },
          revision: -1,
          createdAt: null,
          createdBy: null,
          updatedAt: null,
          updatedBy: null,
        };
        tracked.set(apkId, t);
      }
      apply(t, event);
    }
    const live = [...tracked.values()].filter(
      (t): t is Tracked & { state: ExistingApk } => isApk(t.state) && t.state.status !== 'deleted',
    );
    const shown = new Set(live.map((t) => t.apkId));
    const gone = [...tracked.keys()].filter((id) => !shown.has(id));
    if (gone.length > 0) {
      await tx.query(`DELETE FROM ${ctx.table('apk_list')} WHERE apk_id = ANY($1::uuid[])`, [gone]);
      await tx.query(`DELETE FROM ${ctx.table('apk_detail')} WHERE apk_id = ANY($1::uuid[])`, [gone]);
    }
    await upsertRows(
      tx,
      ctx.table('apk_detail'),
      'apk_id',
      DETAIL_COLUMNS,
      live.map((t) => ({
        apk_id: t.apkId,
        brand_owner_code: t.brand,
        state: t.state,
        revision: t.revision,
        created_at: t.createdAt,
        created_by: t.createdBy,
        updated_at: t.updatedAt,
        updated_by: t.updatedBy,
      })),
    );
    await upsertRows(tx, ctx.table('apk_list'), 'apk_id', LIST_COLUMNS, live.map(listRow));
  },
});
