import type { Permission } from '@kb/contracts';
import type { ReactNode } from 'react';
import { useCan } from '../lib/use-can.js';

/** Shows its children only to a role that holds `permission` (e.g. an "Add" button). */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? <>{children}</> : null;
}
