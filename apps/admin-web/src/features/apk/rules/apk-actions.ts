import type { ApkListItem, StaffRole } from '@kb/contracts';

/**
 * Which row actions an APK package offers: the legal cells of the transition table in
 * libs/domain/src/apk/README.md. The API enforces the table (and the four-eyes rule); the list only hides what
 * it would refuse in any case.
 */
export type ApkRowAction =
  | 'detail'
  | 'edit'
  | 'submit'
  | 'recall'
  | 'audit'
  | 'publishTest'
  | 'cancelTest'
  | 'publishOnline'
  | 'cancelOnline'
  | 'delete';

/** Roles that may pass or return a package (the decider's APK_AUDIT_ROLES). */
export const APK_AUDIT_ROLES: readonly StaffRole[] = ['auditor', 'admin'];

export function apkRowActions(
  apk: Pick<ApkListItem, 'reviewStatus' | 'testStatus' | 'releaseStatus'>,
  role: StaffRole | null,
): ApkRowAction[] {
  const actions: ApkRowAction[] = ['detail'];
  switch (apk.reviewStatus) {
    case 'uncommitted':
    case 'returned':
      actions.push('edit', 'submit', 'delete');
      break;
    case 'pending_review':
      actions.push('recall');
      if (role && APK_AUDIT_ROLES.includes(role)) actions.push('audit');
      break;
    case 'created':
      actions.push(apk.testStatus === 'testing' ? 'cancelTest' : 'publishTest');
      actions.push(apk.releaseStatus === 'online' ? 'cancelOnline' : 'publishOnline');
      // A package on devices is taken off them before it can be deleted.
      if (apk.testStatus !== 'testing' && apk.releaseStatus !== 'online') actions.push('delete');
      break;
  }
  return actions;
}
