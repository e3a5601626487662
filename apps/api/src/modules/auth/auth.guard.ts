import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { unauthorized } from '../../common/app-error.js';
import { IS_PUBLIC } from '../../common/public.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { AuthService, SESSION_COOKIE } from './auth.service.js';

/** Every route needs a live session unless marked @Public(); the session's user goes into the request context. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<Request>();
    const session = await this.auth.resolveSession(req.cookies?.[SESSION_COOKIE]);
    const ctx = requestContext.get();
    if (session && ctx) {
      ctx.user = session.user;
      ctx.sessionId = session.sessionId;
    }
    if (isPublic) return true;
    if (!session) throw unauthorized();
    return true;
  }
}
