import type { Permission } from '@kb/contracts';
import type { ComponentType } from 'react';
import { useCan } from '../lib/use-can.js';
import { NoPermissionPage } from './pages/no-permission-page.js';

/**
 * A screen whose every use is a change the role may not make (an add or edit form) shows the no-permission
 * panel in its place, before anything is typed: its save would only be refused.
 */
export function withPermission(Page: ComponentType, permission: Permission): ComponentType {
  function Gated() {
    return useCan(permission) ? <Page /> : <NoPermissionPage />;
  }
  Gated.displayName = `WithPermission(${Page.displayName ?? Page.name})`;
  return Gated;
}
