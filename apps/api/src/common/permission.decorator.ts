import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { Permission as PermissionName } from '@kb/contracts';

export const REQUIRED_PERMISSION = 'kb:permission';

/**
 * The permission of libs/contracts' matrix a route needs (`read` for reads, `account.self` for one's own
 * account). The global AuthGuard checks it before the handler runs, so a refused role gets 403 whatever it sent.
 * On a controller it covers every handler that names none itself. OpenAPI shows it as `x-permission`.
 */
export const Permission = (permission: PermissionName) =>
  applyDecorators(SetMetadata(REQUIRED_PERMISSION, permission), ApiExtension('x-permission', permission));
