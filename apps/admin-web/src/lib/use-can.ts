import { roleCan, type Permission } from '@kb/contracts';
import { useCallback } from 'react';
import { useStoredUser } from './use-stored-user.js';

/**
 * What the signed-in user's role may do, from the permission matrix of libs/contracts (the API checks the same
 * table and answers 403 to the rest). Screens hide the buttons of what it may not.
 */
export function usePermissions(): (permission: Permission) => boolean {
  const role = useStoredUser()?.role;
  return useCallback((permission: Permission) => roleCan(role, permission), [role]);
}

/** Whether the signed-in user's role holds `permission`. */
export function useCan(permission: Permission): boolean {
  return usePermissions()(permission);
}
