import { AppError } from '@kb/platform';

/** The API's refusals are the platform's (so commands run outside the API refuse alike). */
export { AppError };

/**
 * A refusal shown on one form field: the field carries the message code, which the exception filter words in the
 * caller's language with the refusal's `params`, as it words `desc`.
 */
export const fieldRefusal = (
  field: string,
  code: string,
  params: Record<string, string | number> = {},
  status: 400 | 409 = 400,
) => new AppError(status, code, params, { fieldErrors: { [field]: code } });

export const badRequest = (code: string, params?: Record<string, string | number>, data?: unknown) =>
  new AppError(400, code, params, data);
export const notFound = (code = 'not_found') => new AppError(404, code);
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const conflict = (code = 'conflict', params?: Record<string, string | number>) =>
  new AppError(409, code, params);
export const unauthorized = (code = 'not_logged_in') => new AppError(401, code);
