import type { OfflinePackContent } from '@kb/contracts';
import {
  OFFLINE_PACK_EVENT_TYPES,
  evolveOfflinePack,
  upcastOfflinePackEvent,
  type ExistingOfflinePack,
  type OfflinePackState,
} from '@kb/domain';
import { defineAggregateProjection, type AggregateRecord } from '../framework/aggregate-projection.js';
import { aggregateStream, deciderFold, existingWith } from '../content-check.js';

const PACK_STREAM = aggregateStream('offline-pack');

const isPack = existingWith<OfflinePackState, ExistingOfflinePack, OfflinePackContent>({
  number: 'string',
  productCode: 'string',
  subBrandCode: 'string',
  recipeIds: 'array',
});

function listRow(t: AggregateRecord<ExistingOfflinePack>) {
  const { state } = t;
  const c = state.content;
  return {
    pack_id: t.id,
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

const LIST_COLUMNS = `pack_id uuid, brand_owner_code text, number text, type text, product_code text,
  sub_brand_code text, recipe_ids uuid[], recipe_count integer, test_status text, release_status text,
  released_at timestamptz, created_at timestamptz, created_by text, updated_at timestamptz, updated_by text,
  revision bigint`;

/**
 * The offline recipe pack read models, folded with the offline-pack decider's own `evolve`:
 *
 * - `offline_pack_detail`: one row per pack with its whole current state as json and the stream revision the form
 *   saves against.
 * - `offline_pack_list`: the columns the list filters (number, type, factory and customer model, test and release
 *   status), sorts and shows, and the selected recipe ids.
 *
 * A deleted pack leaves both tables; its stream keeps the history.
 */
export const offlinePacksProjection = defineAggregateProjection<OfflinePackState, ExistingOfflinePack>({
  name: 'offline_packs',
  // 2: the detail's state as json, rows written with COPY (the aggregate projection helper).
  // 3: the detail's state stored as text (shown as json by the view): no parse of it on every write.
  version: 3,
  handles: OFFLINE_PACK_EVENT_TYPES,
  stream: PACK_STREAM,
  key: 'pack_id',
  detail: 'offline_pack_detail',
  initial: { status: 'absent' },
  evolve: deciderFold(evolveOfflinePack, upcastOfflinePackEvent),
  isValid: isPack,
  isShown: (state): state is ExistingOfflinePack => isPack(state) && state.status !== 'deleted',
  creates: ['OfflinePackCreated'],
  listRow,
  list: {
    name: 'offline_pack_list',
    columns: LIST_COLUMNS,
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
});
