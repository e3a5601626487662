import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { loginRequestSchema, sessionUserSchema } from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiRefusals } from '../../common/openapi.js';
import { Public } from '../../common/public.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { parseBody } from '../../common/validation.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { AppError } from '../../common/app-error.js';
import { AuthService, CAPTCHA_COOKIE, SESSION_COOKIE } from './auth.service.js';
import { Permission } from '../../common/permission.decorator.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, LoginThrottle, withRetryAfter } from './login-throttle.js';
import { AUTH_API_MESSAGES } from './auth-api.messages.js';
import { registerMessages } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(AUTH_API_MESSAGES);

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private cookieBase() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.SESSION_COOKIE_SECURE === 'true',
      path: '/',
    };
  }

  @Public()
  @Get('captcha')
  @ApiOperation({ summary: 'A PNG captcha bound to the caller (single use, expires in 2 minutes)' })
  @ApiOkResponse({ content: { 'image/png': {} } })
  async captcha(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { captchaId, png } = await this.auth.issueCaptcha(req.cookies?.[CAPTCHA_COOKIE]);
    res.cookie(CAPTCHA_COOKIE, captchaId, { ...this.cookieBase(), maxAge: 10 * 60 * 1000 });
    res.setHeader('Cache-Control', 'no-store');
    res.type('image/png').send(png);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('multipart/form-data', 'application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({ summary: 'Log in with account, MD5 password digest, captcha and sysFlag=brand' })
  @ApiBodyFrom(loginRequestSchema)
  @ApiAnswer(z.object({ user: sessionUserSchema }))
  @ApiRefusals(429)
  async login(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const input = parseBody(loginRequestSchema, body);
    const ip = requestContext.get()?.ip ?? 'unknown';
    const attempt = await withRetryAfter(
      res,
      this.throttle.admit(input.account, ip, req.cookies?.[DEVICE_COOKIE]),
    );
    try {
      await this.auth.checkCaptcha(req.cookies?.[CAPTCHA_COOKIE], input.captcha);
    } catch (error) {
      await this.throttle.giveBack(attempt);
      throw error;
    }
    const row = await this.auth.verifyCredentials(input.account, input.password);
    if (!row) throw new AppError(400, 'login_failed');
    const user = this.auth.admit(row);
    const deviceToken = await this.throttle.recordSuccess(attempt);
    // Marks this browser as one the owner used: its attempts are not slowed when others guess the password.
    res.cookie(DEVICE_COOKIE, deviceToken, {
      ...this.cookieBase(),
      path: '/api/auth',
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });
    const remember = input.remember ?? false;
    // A login always starts afresh: the session this browser carried (whoever's it was) ends here, so a cookie
    // planted or left behind before the login is worth nothing after it.
    await this.auth.endSessionOfToken(req.cookies?.[SESSION_COOKIE]);
    const { token, maxAgeMs } = await this.auth.createSession(user, remember, ip);
    // Without "remember" the cookie ends with the browser session (and the server session after 12 h).
    res.cookie(
      SESSION_COOKIE,
      token,
      remember ? { ...this.cookieBase(), maxAge: maxAgeMs } : this.cookieBase(),
    );
    return ok({ user });
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the current session' })
  @ApiAnswer(z.null())
  async logout(@Res({ passthrough: true }) res: Response) {
    const sessionId = requestContext.get()?.sessionId;
    if (sessionId) await this.auth.endSession(sessionId);
    res.clearCookie(SESSION_COOKIE, this.cookieBase());
    return ok(null);
  }

  @Permission('account.self')
  @Get('me')
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiAnswer(z.object({ user: sessionUserSchema }))
  me() {
    return ok({ user: requestContext.user() });
  }
}
