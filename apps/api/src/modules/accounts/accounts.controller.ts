import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type pg from 'pg';
import {
  emailCaptchaSchema,
  emailVerifySchema,
  noDataSchema,
  setPasswordSchema,
  updatePasswordSchema,
} from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiRefusals } from '../../common/openapi.js';
import { Public } from '../../common/public.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { parseBody } from '../../common/validation.js';
import { PG_POOL } from '../../infra/tokens.js';
import { AuthService } from '../auth/auth.service.js';
import { LoginThrottle, withRetryAfter } from '../auth/login-throttle.js';
import { hashPasswordDigest, md5Hex, verifyPasswordDigest } from '../auth/password.js';
import { EmailCodeService } from './email-code.service.js';
import { Permission } from '../../common/permission.decorator.js';

@ApiTags('accounts')
@Controller()
export class AccountsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly auth: AuthService,
    private readonly codes: EmailCodeService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Permission('account.self')
  @Post('sysUser/updatePassword')
  @ApiAnswer(noDataSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Change one’s own password; other sessions of the user end' })
  @ApiBodyFrom(updatePasswordSchema)
  @ApiRefusals(429)
  async updatePassword(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const input = parseBody(updatePasswordSchema, body);
    const user = requestContext.user();
    // A session left open must not become a way to guess the password.
    await withRetryAfter(res, this.throttle.admitPasswordCheck(user.id));
    const { rows } = await this.pool.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM staff_users WHERE id = $1',
      [user.id],
    );
    if (!(await verifyPasswordDigest(input.originalPassword, rows[0]?.password_hash ?? null))) {
      throw new AppError(
        400,
        'original_password_wrong',
        {},
        { fieldErrors: { originalPassword: 'original_password_wrong' } },
      );
    }
    await this.throttle.recordPasswordCheckSuccess(user.id);
    const digest = md5Hex(input.newPassword);
    if (digest === input.originalPassword.toLowerCase()) throw new AppError(400, 'password_same_as_old');
    await this.pool.query(
      'UPDATE staff_users SET password_hash = $2, first_login = false, updated_at = now() WHERE id = $1',
      [user.id, await hashPasswordDigest(digest)],
    );
    await this.auth.endOtherSessions(user.id, requestContext.get()?.sessionId ?? null);
    return ok(null, 'saved');
  }

  @Public()
  @Post('email/captcha')
  @ApiAnswer(noDataSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a 6-digit code (valid 10 minutes) to an email already in the system' })
  @ApiBodyFrom(emailCaptchaSchema)
  @ApiRefusals(429, 503)
  async emailCaptcha(@Body() body: unknown) {
    const input = parseBody(emailCaptchaSchema, body);
    await this.codes.send(input.email, input.flag);
    return ok(null, 'email_code_sent');
  }

  @Public()
  @Post('email/verify')
  @ApiAnswer(noDataSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Check an email code without using it up' })
  @ApiBodyFrom(emailVerifySchema)
  async emailVerify(@Body() body: unknown) {
    const input = parseBody(emailVerifySchema, body);
    await this.codes.verify(input.email, input.code, false);
    return ok(null);
  }

  @Public()
  @Post('sysUser/setPassword')
  @ApiAnswer(noDataSchema)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set a password with an email code: first time (flag=login) or reset (flag=forget)',
  })
  @ApiBodyFrom(setPasswordSchema)
  async setPassword(@Body() body: unknown) {
    const input = parseBody(setPasswordSchema, body);
    const staff = await this.codes.findStaffByEmail(input.email);
    if (!staff) throw new AppError(400, 'email_not_in_system');
    if (input.flag === 'login' && !staff.first_login) throw new AppError(400, 'first_login_already_done');
    await this.codes.verify(input.email, input.code, true);
    await this.pool.query(
      'UPDATE staff_users SET password_hash = $2, first_login = false, updated_at = now() WHERE id = $1',
      [staff.id, await hashPasswordDigest(md5Hex(input.newPassword))],
    );
    await this.auth.endOtherSessions(staff.id, null);
    return ok(null, 'saved');
  }
}
