import type { ApkListItem } from '@kb/contracts';

/** An `apk_list` row with its sub-brand's name and the model's customer name (LIST_SELECT). */
export interface ApkListRow {
  id: string;
  sub_brand_code: string;
  sub_brand_name: string | null;
  product_code: string;
  model_name: string | null;
  version_number: string;
  apk_version: string;
  parent_version: string;
  branch_package: string;
  file_size: string | null;
  review_status: ApkListItem['reviewStatus'];
  test_status: ApkListItem['testStatus'];
  release_status: ApkListItem['releaseStatus'];
  submitted_by: string | null;
  applied_at: Date | null;
  audited_by: string | null;
  audited_at: Date | null;
  released_at: Date | null;
  returned_at: Date | null;
  return_reason: string | null;
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string;
  revision: string;
  installed_count: number;
  [column: string]: unknown;
}

/** `a` is apk_list; the sub-brand and its model are looked up in the brand's own reference tables. */
export const APK_LIST_SELECT = `
  SELECT a.apk_id::text AS id, a.sub_brand_code, s.name AS sub_brand_name, a.product_code,
         sp.customer_model AS model_name, a.version_number, a.apk_version, a.parent_version, a.branch_package,
         a.file_size, a.review_status, a.test_status, a.release_status, a.submitted_by, a.applied_at, a.audited_by,
         a.audited_at, a.released_at, a.returned_at, a.return_reason, a.created_at, a.created_by, a.updated_at,
         a.updated_by, a.revision, coalesce(dc.devices, 0) AS installed_count
    FROM apk_list a
    LEFT JOIN sub_brands s ON s.brand_owner_code = a.brand_owner_code AND s.sub_brand_code = a.sub_brand_code
    LEFT JOIN sub_brand_products sp ON sp.brand_owner_code = a.brand_owner_code
         AND sp.sub_brand_code = a.sub_brand_code AND sp.product_code = a.product_code
    -- Installed: the brand's devices of this sub-brand and model that report this APK version.
    LEFT JOIN device_apk_counts dc ON dc.brand_owner_code = a.brand_owner_code
         AND dc.sub_brand_code = a.sub_brand_code AND dc.product_code = a.product_code
         AND dc.apk_version = a.apk_version`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApkListItem(r: ApkListRow): ApkListItem {
  return {
    id: r.id,
    subBrandCode: r.sub_brand_code,
    subBrandName: r.sub_brand_name,
    productCode: r.product_code,
    modelName: r.model_name,
    versionNumber: r.version_number,
    apkVersion: r.apk_version,
    parentVersion: r.parent_version,
    branchPackage: r.branch_package,
    fileSize: r.file_size === null ? null : Number(r.file_size),
    reviewStatus: r.review_status,
    testStatus: r.test_status,
    releaseStatus: r.release_status,
    installedCount: r.installed_count,
    createdAt: r.created_at.toISOString(),
    createdBy: r.created_by,
    appliedAt: iso(r.applied_at),
    submittedBy: r.submitted_by,
    auditedAt: iso(r.audited_at),
    auditedBy: r.audited_by,
    releasedAt: iso(r.released_at),
    returnedAt: whileReturned(r.review_status, iso(r.returned_at)),
    returnReason: whileReturned(r.review_status, r.return_reason),
    updatedAt: r.updated_at.toISOString(),
    updatedBy: r.updated_by,
    revision: Number(r.revision),
  };
}

/**
 * A return's reason and date describe the package only while it stays returned: resubmitted, passed or online, it
 * is no longer returned, and the reason is read in its history (the ApkReturned event), not on its row or detail.
 */
export function whileReturned<T>(status: string, value: T | null): T | null {
  return status === 'returned' ? value : null;
}
