import type { ReactNode } from 'react';
import { getI18n } from 'react-i18next';

/** Translates a key built at run time (typed keys cannot be checked there); unknown keys come back as null. */
export function translateKey(key: string, options?: Record<string, unknown>): string | null {
  const i18n = getI18n();
  if (!i18n?.exists(key)) return null;
  return (i18n.t as (k: string, o?: Record<string, unknown>) => string)(key, options);
}

/**
 * A form error in the current language. Forms keep error codes (`password_rule`, the zod messages of
 * libs/contracts) and translate when drawing, so that a language switch changes visible errors at once;
 * messages that already are text (the server's translated field errors) pass through.
 */
export function translateError(error: ReactNode): ReactNode {
  if (typeof error !== 'string') return error;
  return translateKey(`errors.${error}`) ?? translateKey(error) ?? error;
}
