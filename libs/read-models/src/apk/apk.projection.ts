import type { ApkContent } from '@kb/contracts';
import { APK_EVENT_TYPES, evolveApk, upcastApkEvent, type ApkState, type ExistingApk } from '@kb/domain';
import { defineAggregateProjection, type AggregateRecord } from '../framework/aggregate-projection.js';
import { aggregateStream, deciderFold, existingWith } from '../content-check.js';

const APK_STREAM = aggregateStream('apk');

const isApk = existingWith<ApkState, ExistingApk, ApkContent>({
  subBrandCode: 'string',
  productCode: 'string',
  versionNumber: 'string',
});

function listRow(t: AggregateRecord<ExistingApk>) {
  const { state } = t;
  const c = state.content;
  return {
    apk_id: t.id,
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

const LIST_COLUMNS = `apk_id uuid, brand_owner_code text, sub_brand_code text, product_code text, version_number text,
  apk_version text, parent_version text, branch_package text, file_size bigint, review_status text, test_status text,
  release_status text, submitted_by text, applied_at timestamptz, audited_by text, audited_at timestamptz,
  released_at timestamptz, returned_at timestamptz, return_reason text, created_at timestamptz, created_by text,
  updated_at timestamptz, updated_by text, revision bigint`;

/**
 * The APK package read models, folded with the APK decider's own `evolve`:
 *
 * - `apk_detail`: one row per package with its whole current state as json and the stream revision the form
 *   saves against.
 * - `apk_list`: the columns the list filters (sub-brand, model, version, review/test/release status), sorts and
 *   shows, including the apply, audit, return and release facts.
 *
 * A deleted package leaves both tables; its stream keeps the history.
 */
export const apkProjection = defineAggregateProjection<ApkState, ExistingApk>({
  name: 'apk_packages',
  // 2: the detail's state as json, rows written with COPY (the aggregate projection helper).
  // 3: the detail's state stored as text (shown as json by the view): no parse of it on every write.
  // 4: the state carries the test date and the staged release (device update checks and the fault watch read them).
  version: 4,
  handles: APK_EVENT_TYPES,
  stream: APK_STREAM,
  key: 'apk_id',
  detail: 'apk_detail',
  initial: { status: 'absent' },
  evolve: deciderFold(evolveApk, upcastApkEvent),
  isValid: isApk,
  isShown: (state): state is ExistingApk => isApk(state) && state.status !== 'deleted',
  creates: ['ApkPackageCreated'],
  listRow,
  list: {
    name: 'apk_list',
    columns: LIST_COLUMNS,
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
});
