/**
 * A soup recipe's body for `/api/recipe/add` and `/save`, for tests whose subject is not its making: Chinese main
 * and English, its names, one serving version for two on the TM-6, and what else the test gives it.
 */
export function soupRecipe(
  number: string,
  names: { zh: string; en: string },
  serving: { ingredients: unknown[]; steps: unknown[] },
  more: Record<string, unknown> = {},
) {
  return {
    type: 'SOUP',
    number,
    mainLang: 'zh',
    langs: ['zh', 'en'],
    texts: { zh: { name: names.zh }, en: { name: names.en } },
    servingVersions: [{ servings: 2, ...serving }],
    productCodes: ['TM-6'],
    ...more,
  };
}
