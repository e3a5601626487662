import { z } from 'zod';
import { ACCESSORY_TYPES } from '@kb/contracts';

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

const codeRule = z.string().trim().max(64, { message: 'code_too_long' });
const imagesRule = z.array(z.object({ fileCode: z.string(), url: z.string() }));

/** One name per brand language, each at most 100 characters; the one in `mainLang` is required. */
function namesRule(langs: readonly string[]) {
  return z.object(
    Object.fromEntries(langs.map((lang) => [lang, z.string().max(100, { message: 'name_too_long' })])),
  );
}

function requireMainName(
  names: Record<string, string>,
  mainLang: string,
  ctx: z.RefinementCtx,
  at: (string | number)[],
) {
  if (!names[mainLang]?.trim())
    ctx.addIssue({ code: 'custom', message: 'main_name_required', path: [...at, 'names', mainLang] });
}

/** Category: number, main language (one of the brand's), a name per language (the main one required), sort. */
export function categoryFormRules(langs: readonly string[]) {
  return z
    .object({
      number: numberRule,
      mainLang: z
        .string()
        .nullable()
        .refine((v) => !!v, { message: 'main_lang_required' })
        .refine((v) => !v || langs.includes(v), { message: 'main_lang_not_supported' }),
      names: namesRule(langs),
      sort: sortRule,
      picture: imagesRule,
    })
    .superRefine((v, ctx) => {
      if (v.mainLang) requireMainName(v.names, v.mainLang, ctx, []);
    });
}

/** Tag (label): number and a name per language, the brand's main one required. */
export function tagFormRules(langs: readonly string[], mainLang: string) {
  return z
    .object({ number: numberRule, names: namesRule(langs) })
    .superRefine((v, ctx) => requireMainName(v.names, mainLang, ctx, []));
}

/** Ingredient unit: a name per language, the brand's main one required (uniqueness is the server's). */
export function unitFormRules(langs: readonly string[], mainLang: string) {
  return z
    .object({ names: namesRule(langs) })
    .superRefine((v, ctx) => requireMainName(v.names, mainLang, ctx, []));
}

/** Accessory: number, main-language name, image and type required (§5); device photo and codes optional. */
export function accessoryFormRules(langs: readonly string[], mainLang: string) {
  return z
    .object({
      number: numberRule,
      names: namesRule(langs),
      photo: imagesRule.min(1, { message: 'image_required' }),
      xtPhoto: imagesRule,
      code: codeRule,
      accessoryCode: codeRule,
      type: z
        .string()
        .nullable()
        .refine((v) => !!v && (ACCESSORY_TYPES as readonly string[]).includes(v), {
          message: 'accessory_type_invalid',
        }),
    })
    .superRefine((v, ctx) => requireMainName(v.names, mainLang, ctx, []));
}

/** Several online categories at once: each with a main-language name and a numeric sort. */
export function onlineCategoriesFormRules(langs: readonly string[], mainLang: string) {
  return z
    .object({
      categories: z
        .array(z.object({ key: z.string(), names: namesRule(langs), sort: sortRule, picture: imagesRule }))
        .min(1),
    })
    .superRefine((v, ctx) =>
      v.categories.forEach((c, i) => requireMainName(c.names, mainLang, ctx, ['categories', i])),
    );
}

/** The sort a form sends: empty means 0. */
export function sortToSend(sort: string): number {
  return sort.trim() === '' ? 0 : Number(sort.trim());
}
