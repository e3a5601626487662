import {
  isOwnApkSubmission,
  roleCan,
  type ApkListItem,
  type Permission,
  type StaffRole,
} from '@kb/contracts';

/**
 * Which row actions an APK package offers: the legal cells of the transition table in
 * libs/domain/src/apk/README.md that the role may do (the permission matrix of libs/contracts). The API enforces
 * both (and the four-eyes rule); the list only hides what it would refuse in any case.
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

/** What each action needs in the role matrix (the API's permission of the route it calls). */
export const APK_ROW_PERMISSIONS: Partial<Record<ApkRowAction, Permission>> = {
  edit: 'apk.edit',
  submit: 'apk.submit',
  recall: 'apk.submit',
  audit: 'apk.audit',
  publishTest: 'apk.test',
  cancelTest: 'apk.test',
  publishOnline: 'apk.online',
  cancelOnline: 'apk.online',
  delete: 'apk.edit',
};

/** `account`: the user's; a package they submitted is not theirs to audit (the four-eyes rule the API applies). */
export function apkRowActions(
  apk: Pick<ApkListItem, 'reviewStatus' | 'testStatus' | 'releaseStatus'> & { submittedBy?: string | null },
  role: StaffRole | null,
  account: string | null = null,
): ApkRowAction[] {
  const actions: ApkRowAction[] = ['detail'];
  switch (apk.reviewStatus) {
    case 'uncommitted':
    case 'returned':
      actions.push('edit', 'submit', 'delete');
      break;
    case 'pending_review':
      actions.push('recall');
      if (!isOwnApkSubmission(apk.submittedBy, account)) actions.push('audit');
      break;
    case 'created':
      actions.push(apk.testStatus === 'testing' ? 'cancelTest' : 'publishTest');
      actions.push(apk.releaseStatus === 'online' ? 'cancelOnline' : 'publishOnline');
      // A package on devices is taken off them before it can be deleted.
      if (apk.testStatus !== 'testing' && apk.releaseStatus !== 'online') actions.push('delete');
      break;
  }
  return actions.filter((action) => {
    const permission = APK_ROW_PERMISSIONS[action];
    return !permission || roleCan(role, permission);
  });
}
