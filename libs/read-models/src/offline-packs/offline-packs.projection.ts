import type { OfflinePackContent } from '@kb/contracts';
import {
  OFFLINE_PACK_EVENT_TYPES,
  evolveOfflinePack,
  upcastOfflinePackEvent,
  type ExistingOfflinePack,
  type OfflinePackState,
} from '@kb/domain';
import type { RecordedEvent } from '@kb/event-store';
import type { PoolClient } from '@kb/platform';
import { recordColumns, upsertRows } from '../framework/upsert-rows.js';
import { defineProjection, type ProjectionContext } from '../framework/projection.js';

const PACK_STREAM = /^offline-pack-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The pack id of an `offline-pack-<uuid>` stream, or null for any other stream. */
export function offlinePackIdOfStream(streamId: string): string | null {
  return PACK_STREAM.exec(streamId)?.[1]?.toLowerCase() ?? null;
}

/** One pack as the projection carries it through a batch: the folded state and who touched it when. */
interface Tracked {
  packId: string;
  brand: string;
  state: OfflinePackState;
  /** Stream position of the last event applied (-1 before the first). */
  revision: number;
  createdAt: string | null;
  createdBy: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A payload without a pack's content (some other tool's stream) is not shown rather than stopping the batch. */
function isPack(state: OfflinePackState): state is ExistingOfflinePack {
  if (state.status === 'absent') return false;
  const content = state.content as Partial<OfflinePackContent> | undefined;
  return (
    typeof content === 'object' &&
    content !== null &&
    typeof content.number === 'string' &&
    typeof content.productCode === 'string' &&
    typeof content.subBrandCode === 'string' &&
    Array.isArray(content.recipeIds)
  );
}

function listRow(t: Tracked & { state: ExistingOfflinePack }) {
  const { state } = t;
  const c = state.content;
  return {
    pack_id: t.packId,
    brand_owner_code: t.brand,
    number: c.number,
    type: c.type ?? 'initial',
    product_code: c.productCode,
    sub_brand_code: c.subBrandCode,
    recipe_ids: c.recipeIds,
    recipe_count: c.recipeIds.length,
    test_status: state.testStatus,
    release_status: state.releaseStatus,
    released_at: state.releasedAt,
    created_at: t.createdAt,
    created_by: t.createdBy,
    updated_at: t.updatedAt,
    updated_by: t.updatedBy,
    revision: t.revision,
  };
}

const LIST_COLUMNS =
  recordColumns(`pack_id uuid, brand_owner_code text, number text, type text, product_code text,
  sub_brand_code text, recipe_ids uuid[], recipe_count integer, test_status text, release_status text,
  released_at timestamptz, created_at timestamptz, created_by text, updated_at timestamptz, updated_by text,
  revision bigint`);

const DETAIL_COLUMNS =
  recordColumns(`pack_id uuid, brand_owner_code text, state jsonb, revision bigint, created_at timestamptz,
  created_by text, updated_at timestamptz, updated_by text`);

async function loadTracked(tx: PoolClient, ctx: ProjectionContext, ids: string[]) {
  const { rows } = await tx.query<{
    pack_id: string;
    brand_owner_code: string;
    state: OfflinePackState;
    revision: string;
    created_at: Date;
    created_by: string;
    updated_at: Date;
    updated_by: string;
  }>(
    `SELECT pack_id::text AS pack_id, brand_owner_code, state, revision, created_at, created_by, updated_at,
            updated_by
       FROM ${ctx.table('offline_pack_detail')} WHERE pack_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map<string, Tracked>(
    rows.map((r) => [
      r.pack_id,
      {
        packId: r.pack_id,
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
  const next = evolveOfflinePack(
    t.state,
    upcastOfflinePackEvent(event.type, event.metadata.schemaVersion ?? 1, event.data),
  );
  t.revision = Number(event.streamPosition);
  if (!isPack(next)) {
    t.state = { status: 'absent' };
    return;
  }
  const at = event.metadata.occurredAt ?? event.recordedAt.toISOString();
  if (event.type === 'OfflinePackCreated') {
    t.brand = event.metadata.brandOwnerCode;
    t.createdAt = at;
    t.createdBy = event.metadata.actor;
  }
  t.updatedAt = at;
  t.updatedBy = event.metadata.actor;
  t.state = next;
}

/**
 * The offline recipe pack read models (issue 6), folded with the offline-pack decider's own `evolve`:
 *
 * - `offline_pack_detail`: one row per pack with its whole current state as jsonb and the stream revision the form
 *   saves against.
 * - `offline_pack_list`: the columns the list filters (number, type, factory and customer model, test and release
 *   status), sorts and shows, and the selected recipe ids.
 *
 * A deleted pack leaves both tables; its stream keeps the history.
 */
export const offlinePacksProjection = defineProjection({
  name: 'offline_packs',
  version: 1,
  handles: OFFLINE_PACK_EVENT_TYPES,
  tables: [
    {
      name: 'offline_pack_detail',
      create: (t) => `
        CREATE TABLE ${t} (
          pack_id uuid PRIMARY KEY,
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
      name: 'offline_pack_list',
      create: (t) => `
        CREATE TABLE ${t} (
          pack_id uuid PRIMARY KEY,
          brand_owner_code text NOT NULL,
          number text NOT NULL,
          type text NOT NULL,
          product_code text NOT NULL,
          sub_brand_code text NOT NULL,
          recipe_ids uuid[] NOT NULL,
          recipe_count integer NOT NULL,
          test_status text NOT NULL,
          release_status text NOT NULL,
          released_at timestamptz,
          created_at timestamptz NOT NULL,
          created_by text NOT NULL,
          updated_at timestamptz NOT NULL,
          updated_by text NOT NULL,
          revision bigint NOT NULL
        );
        CREATE INDEX ON ${t} (brand_owner_code, updated_at DESC, pack_id DESC);
        CREATE INDEX ON ${t} (brand_owner_code, lower(number) text_pattern_ops);
        CREATE INDEX ON ${t} (brand_owner_code, product_code, sub_brand_code);`,
    },
  ],
  async project(events, tx, ctx) {
    const ids = [
      ...new Set(events.map((e) => offlinePackIdOfStream(e.streamId)).filter((id) => id !== null)),
    ];
    if (ids.length === 0) return;
    await tx.query('SET LOCAL jit = off');
    const tracked = await loadTracked(tx, ctx, ids);
    for (const event of events) {
      const packId = offlinePackIdOfStream(event.streamId);
      if (!packId) continue;
      let t = tracked.get(packId);
      if (!t) {
        t = {
          packId,
          brand: event.metadata.brandOwnerCode,
          state: { status: 'absent' },
          revision: -1,
          createdAt: null,
          createdBy: null,
          updatedAt: null,
          updatedBy: null,
        };
        tracked.set(packId, t);
      }
      apply(t, event);
    }
    const live = [...tracked.values()].filter(
      (t): t is Tracked & { state: ExistingOfflinePack } => isPack(t.state) && t.state.status !== 'deleted',
    );
    const shown = new Set(live.map((t) => t.packId));
    const gone = [...tracked.keys()].filter((id) => !shown.has(id));
    if (gone.length > 0) {
      await tx.query(`DELETE FROM ${ctx.table('offline_pack_list')} WHERE pack_id = ANY($1::uuid[])`, [gone]);
      await tx.query(`DELETE FROM ${ctx.table('offline_pack_detail')} WHERE pack_id = ANY($1::uuid[])`, [
        gone,
      ]);
    }
    await upsertRows(
      tx,
      ctx.table('offline_pack_detail'),
      'pack_id',
      DETAIL_COLUMNS,
      live.map((t) => ({
        pack_id: t.packId,
        brand_owner_code: t.brand,
        state: t.state,
        revision: t.revision,
        created_at: t.createdAt,
        created_by: t.createdBy,
        updated_at: t.updatedAt,
        updated_by: t.updatedBy,
      })),
    );
    await upsertRows(tx, ctx.table('offline_pack_list'), 'pack_id', LIST_COLUMNS, live.map(listRow));
  },
});
