import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { UiLang } from '@kb/contracts';
import { DomainError } from '@kb/domain';
import { EventIdConflictError, WrongExpectedVersionError } from '@kb/event-store';
import { AppError } from './app-error.js';
import { databaseUnavailable } from './database-unavailable.js';
import { translate } from './messages.js';
import { requestContext } from './request-context.js';

/** Maps known failures of HTTP plumbing (body parser, multer, Nest's own) to our codes. */
function fromHttpException(e: HttpException): AppError {
  const status = e.getStatus();
  const message = String((e.getResponse() as { message?: unknown })?.message ?? e.message);
  if (status === 413 || /too large/i.test(message)) return new AppError(413, 'payload_too_large');
  if (status === 404) return new AppError(404, 'route_not_found');
  if (status === 401) return new AppError(401, 'not_logged_in');
  if (status === 403) return new AppError(403, 'forbidden');
  if (status === 429) return new AppError(429, 'too_many_attempts', { minutes: 15 });
  if (status === 415) return new AppError(415, 'file_type_wrong', { types: '' });
  return new AppError(400, 'bad_request');
}

/**
 * The one place errors become envelopes. Domain and validation errors carry a code translated into `desc`
 * in the caller's language; anything unexpected is logged with its stack and answered 500 without details.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    const lang = requestContext.lang();
    let error: AppError;
    if (exception instanceof AppError) error = exception;
    else if (exception instanceof DomainError)
      error = new AppError(exception.status, exception.code, exception.params);
    else if (exception instanceof WrongExpectedVersionError || exception instanceof EventIdConflictError)
      error = new AppError(409, 'conflict');
    else if (exception instanceof HttpException) error = fromHttpException(exception);
    else if (databaseUnavailable(exception)) {
      this.logger.warn(
        `Database unavailable on ${req.method} ${req.originalUrl}: ${(exception as Error).message}`,
      );
      error = databaseUnavailable(exception)!;
      // A read changes nothing: its words say to try again, not that a change was not saved.
      if (req.method === 'GET' || req.method === 'HEAD') error = new AppError(503, `${error.code}_read`);
    } else if (isBodyParserError(exception))
      error = new AppError(
        exception.status === 413 ? 413 : 400,
        exception.status === 413 ? 'payload_too_large' : 'bad_request',
      );
    else {
      this.logger.error(
        `Unexpected error on ${req.method} ${req.originalUrl}: ${(exception as Error)?.stack ?? String(exception)}`,
      );
      res.status(500).json({ status: 500, desc: translate('internal', lang), data: null });
      return;
    }
    const desc = translate(error.code, lang, error.params) ?? translate('bad_request', lang);
    if (res.headersSent) return;
    // Nothing the caller did wrong: the same request can be sent again shortly.
    if (error.status === 503) res.setHeader('Retry-After', '5');
    res.status(error.status).json({
      status: error.status,
      desc,
      data: translateFieldErrors(error.data, lang, error.params),
      code: error.code,
    });
  }
}

function isBodyParserError(e: unknown): e is { status: number; type: string } {
  return (
    typeof e === 'object' &&
    e !== null &&
    'type' in e &&
    'status' in e &&
    typeof (e as { status: unknown }).status === 'number'
  );
}

/**
 * Field errors may carry message codes (from checks deep in a module): every one reaches the form translated, with
 * the error's own parameters.
 */
function translateFieldErrors(data: unknown, lang: UiLang, params: AppError['params']): unknown {
  if (!data || typeof data !== 'object' || !('fieldErrors' in data)) return data ?? null;
  const fieldErrors = (data as { fieldErrors: Record<string, string> }).fieldErrors;
  const translated = Object.fromEntries(
    Object.entries(fieldErrors).map(([k, v]) => [k, translate(v, lang, params) ?? v]),
  );
  return { ...data, fieldErrors: translated };
}
