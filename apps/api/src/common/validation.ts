import { z } from 'zod';
import { en, zhCN } from 'zod/locales';
import { AppError } from './app-error.js';
import { translate } from './messages.js';
import { requestContext } from './request-context.js';

const localeErrors = { zh: zhCN().localeError, en: en().localeError };

/**
 * Parses input with a contracts schema. On failure: 400 with `desc` naming the first problem in the caller's
 * language, and `data.fieldErrors` mapping each field path to its message (for the form under it).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const lang = requestContext.lang();
  const result = schema.safeParse(input, { error: localeErrors[lang] });
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fieldErrors)) fieldErrors[key] = translate(issue.message, lang) ?? issue.message;
  }
  const [firstKey, firstMessage] = Object.entries(fieldErrors)[0] ?? ['_', ''];
  // The language's own punctuation: a full-width colon in Chinese.
  const detail = firstKey === '_' ? firstMessage : `${firstKey}${lang === 'zh' ? '：' : ': '}${firstMessage}`;
  throw new AppError(400, 'validation_failed', { detail }, { fieldErrors });
}
