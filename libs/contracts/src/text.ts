import { z } from 'zod';

/**
 * The one rule for every text the system accepts (API, device API, app API): no NUL or other C0/C1 control
 * characters (tab, line feed and carriage return only in multi-line text) and no lone UTF-16 surrogates. Such
 * characters cannot be stored by Postgres text or jsonb columns, and a single one once stopped a read model for
 * every brand. Every string schema in this library is built from `text()` (or is a uuid, regex or enum, which
 * cannot hold them); lint refuses a bare `z.string()` here.
 */
export const TEXT_INVALID = 'text_invalid_chars';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
// In a unicode-mode pattern a surrogate code unit matches only when it is unpaired.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when `value` may be stored as text: see the rule above. */
export function isAcceptableText(value: string, multiline = false): boolean {
  return !(multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value) && !LONE_SURROGATE.test(value);
}

/**
 * `value` without what the multi-line rule refuses (tab, line feed and carriage return stay): for writing text
 * into formats that cannot hold such characters (XML in an xlsx) when it may predate the rule.
 */
export function withoutInvalidText(value: string): string {
  return value.replace(new RegExp(CONTROL_MULTI_LINE.source, 'gu'), '').replace(/\p{Cs}/gu, '');
}

export interface TextOptions {
  /** Allow tab, line feed and carriage return (descriptions, tips, step texts, logs). */
  multiline?: boolean;
  /** Trim surrounding white space before the checks (default true). */
  trim?: boolean;
  /** The message when the value is missing or not a string. */
  message?: string;
}

/** A string schema under the text rule; chain `.min()`, `.max()`, `.default()`… as on `z.string()`. */
export function text(options: TextOptions = {}) {
  // eslint-disable-next-line no-restricted-syntax -- the one place string schemas are made
  const string = z.string(options.message === undefined ? undefined : { message: options.message });
  const base = options.trim === false ? string : string.trim();
  return base.refine((value) => isAcceptableText(value, options.multiline), { message: TEXT_INVALID });
}

/** Multi-line text under the text rule. */
export const multilineText = (options: Omit<TextOptions, 'multiline'> = {}) =>
  text({ ...options, multiline: true });

/**
 * Free-form JSON (e.g. a telemetry sample's extra fields): every key and every string inside, at any depth,
 * follows the single-line rule for keys and the multi-line rule for values.
 */
export function jsonObject(maxKeyLength: number) {
  return z.record(text({ trim: false }).max(maxKeyLength), z.unknown()).superRefine((value, ctx) => {
    const walk = (node: unknown, path: (string | number)[]): void => {
      if (typeof node === 'string') {
        if (!isAcceptableText(node, true)) ctx.addIssue({ code: 'custom', message: TEXT_INVALID, path });
      } else if (Array.isArray(node)) {
        node.forEach((item, index) => walk(item, [...path, index]));
      } else if (node && typeof node === 'object') {
        for (const [key, item] of Object.entries(node)) {
          if (!isAcceptableText(key))
            ctx.addIssue({ code: 'custom', message: TEXT_INVALID, path: [...path, key] });
          walk(item, [...path, key]);
        }
      }
    };
    walk(value, []);
  });
}
