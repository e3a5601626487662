import { z } from 'zod';
import { ACCESSORY_TYPES } from '@kb/contracts';
import {
  codeRule,
  imagesRule,
  namesRule,
  numberRule,
  requireMainName,
  sortRule,
} from '../../../components/reference/form-rules.js';

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
