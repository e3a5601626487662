import type { ReactNode } from 'react';
import { getI18n } from 'react-i18next';

/** Translates a key built at run time (typed keys cannot be checked there); unknown keys come back as null. */
export function translateKey(key: string, options?: Record<string, unknown>): string | null {
  const i18n = getI18n();
  if (!i18n?.exists(key)) return null;
  return (i18n.t as (k: string, o?: Record<string, unknown>) => string)(key, options);
}

const REQUIRED_NAMED = /^required:(.+)$/;

/**
 * The error of an empty required field that names the field ("离线包编号不能为空", "Pack number cannot be empty"), so
 * that several at once are told apart; `labelKey` is the translation key of the field's label.
 */
export function requiredError(labelKey: string): string {
  return `required:${labelKey}`;
}

/**
 * A form error in the current language. Forms keep error codes (`password_rule`, the zod messages of
 * libs/contracts) and translate when drawing, so that a language switch changes visible errors at once;
 * messages that already are text (the server's translated field errors) pass through.
 */
export function translateError(error: ReactNode): ReactNode {
  if (typeof error !== 'string') return error;
  const named = REQUIRED_NAMED.exec(error);
  if (named)
    return translateKey('errors.requiredNamed', { field: translateKey(named[1]!) ?? named[1] }) ?? error;
  return translateKey(`errors.${error}`) ?? translateKey(error) ?? error;
}
