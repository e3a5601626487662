import { z } from 'zod';

/**
 * The forms' rules (§5), the same as the API's (libs/contracts/src/catalog.ts), with messages that are error
 * codes of the `errors` catalog so they are drawn in the user's language. The server checks again; what only it
 * can know (a number or unit name already taken, a stale version) comes back under the field or as a 409.
 */
const NUMBER_PATTERN = /^[A-Za-z0-9_-]+$/;
export const SORT_MAX = 999_999;

export const numberRule = z
  .string()
  .trim()
  .min(1, { message: 'number_required' })
  .max(32, { message: 'number_too_long' })
  // An empty number is "required", not also "wrong format".
  .refine((v) => v === '' || NUMBER_PATTERN.test(v), { message: 'number_format' });

/** §5/§9 "sort must be numeric": a whole number; empty means 0. */
export const sortRule = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= SORT_MAX), { message: 'sort_numeric' });

export const codeRule = z.string().trim().max(64, { message: 'code_too_long' });
export const imagesRule = z.array(z.object({ fileCode: z.string(), url: z.string() }));

/** One name per brand language, each at most 100 characters; the one in `mainLang` is required. */
export function namesRule(langs: readonly string[]) {
  return z.object(
    Object.fromEntries(langs.map((lang) => [lang, z.string().max(100, { message: 'name_too_long' })])),
  );
}

export function requireMainName(
  names: Record<string, string>,
  mainLang: string,
  ctx: z.RefinementCtx,
  at: (string | number)[],
) {
  if (!names[mainLang]?.trim())
    ctx.addIssue({ code: 'custom', message: 'main_name_required', path: [...at, 'names', mainLang] });
}

/** The sort a form sends: empty means 0. */
export function sortToSend(sort: string): number {
  return sort.trim() === '' ? 0 : Number(sort.trim());
}

/**
 * A form's rules taken from its libs/contracts schema: the values are turned into the body the API takes and
 * checked by the contract, so the API's rules and codes hold in the form too. Fields named like the body's get
 * their errors under them. `also` adds the form's own rules on the values; its errors and the contract's show
 * together, so one save tells every field that is wrong.
 */
export function contractRules<V>(
  contract: z.ZodType,
  toInput: (values: V) => unknown,
  also?: (values: V, ctx: z.RefinementCtx) => void,
) {
  return z.custom<V>().superRefine((values, ctx) => {
    const checked = contract.safeParse(toInput(values));
    if (!checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    also?.(values, ctx);
  });
}
