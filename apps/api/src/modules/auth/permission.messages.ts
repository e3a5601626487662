import {
  PERMISSION_DENIED,
  PERMISSION_LABELS,
  STAFF_ROLE_LABELS,
  type Permission,
  type StaffRole,
} from '@kb/contracts';
import { AppError } from '../../common/app-error.js';

/** The refusal of a route the caller's role may not use (merged into common/messages.ts). */
export const PERMISSION_MESSAGES: Record<string, { zh: string; en: string }> = {
  [PERMISSION_DENIED]: {
    zh: '没有权限：{role:staffRole}角色不能{permission:permissionAction}',
    en: 'No permission: the {role:staffRole} role may not {permission:permissionAction}',
  },
};

/** The word tables the refusal names its role and action from (registered with registerWords). */
export const PERMISSION_WORDS = {
  staffRole: STAFF_ROLE_LABELS,
  // A route that names no permission is refused as "use this endpoint" (key '').
  permissionAction: { ...PERMISSION_LABELS, '': { zh: '使用此接口', en: 'use this endpoint' } },
};

/** The refusal of `role` doing what `permission` allows: keys only, worded in the caller's language. */
export function permissionDenied(role: StaffRole, permission: Permission | undefined): AppError {
  return new AppError(403, PERMISSION_DENIED, { permission: permission ?? '', role });
}
