import { CanActivate, ExecutionContext, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { PERMISSIONS, roleCan, type Permission } from '@kb/contracts';
import { unauthorized } from '../../common/app-error.js';
import { REQUIRED_PERMISSION } from '../../common/permission.decorator.js';
import { IS_PUBLIC } from '../../common/public.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { AuthService, SESSION_COOKIE } from './auth.service.js';
import { PERMISSION_MESSAGES, PERMISSION_WORDS, permissionDenied } from './permission.messages.js';
import { registerMessages, registerWords } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(PERMISSION_MESSAGES);
registerWords(PERMISSION_WORDS);

/**
 * Every route needs a live session unless marked @Public(), and the permission it names with @Permission() in
 * the role matrix of libs/contracts; the session's user goes into the request context. Guards run before the
 * handler parses its input, so a refused role gets 403 whatever it sent. A route that names no permission is
 * refused to everyone, and the application does not start with one (see onApplicationBootstrap).
 */
@Injectable()
export class AuthGuard implements CanActivate, OnApplicationBootstrap {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly modules: ModulesContainer,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const req = context.switchToHttp().getRequest<Request>();
    const session = await this.auth.resolveSession(req.cookies?.[SESSION_COOKIE]);
    const ctx = requestContext.get();
    if (session && ctx) {
      ctx.user = session.user;
      ctx.sessionId = session.sessionId;
    }
    if (isPublic) return true;
    if (!session) throw unauthorized();
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, targets);
    if (!permission || !roleCan(session.user.role, permission))
      throw permissionDenied(session.user.role, permission);
    return true;
  }

  /** Refuses to start when a route is neither public nor names a permission of the matrix. */
  onApplicationBootstrap(): void {
    const unguarded = routesWithoutPermission(this.modules, this.reflector);
    if (unguarded.length)
      throw new Error(
        `Routes without @Permission() or @Public(): ${unguarded.join(', ')}. Name the permission of ` +
          'libs/contracts/src/permissions.ts each one needs.',
      );
  }
}

/** `Controller.method` of every route handler that is not public and names no known permission. */
export function routesWithoutPermission(modules: ModulesContainer, reflector: Reflector): string[] {
  const scanner = new MetadataScanner();
  const known = new Set<string>(PERMISSIONS);
  const missing: string[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      for (const name of scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name] as object;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const targets = [handler, type] as never[];
        if (reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) continue;
        const permission = reflector.getAllAndOverride<string | undefined>(REQUIRED_PERMISSION, targets);
        if (!permission || !known.has(permission)) missing.push(`${type.name}.${name}`);
      }
    }
  }
  return missing;
}
