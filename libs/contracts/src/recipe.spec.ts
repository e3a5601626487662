import { WORK_MODES } from './reference.js';
import { recipeContentSchema, type RecipeContentInput } from './recipe.js';
import { workModeUses } from './work-mode-rules.js';

const minimal: RecipeContentInput = {
  type: 'SOUP',
  number: 'R-001',
  mainLang: 'zh',
  langs: ['zh', 'en'],
  texts: { zh: { name: '汤', description: '', chefTips: '' } },
};

const issues = (input: unknown) => {
  const result = recipeContentSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('recipe content schema', () => {
  it('fills what a new draft leaves out', () => {
    expect(recipeContentSchema.parse(minimal)).toEqual({
      ...minimal,
      servingVersions: [],
      accessoryIds: [],
      prepMinutes: null,
      cookMinutes: null,
      restMinutes: null,
      nutrients: [],
      difficulty: null,
      showOnMachine: true,
      productCodes: [],
      headPackageIds: [],
      categoryId: null,
      tagIds: [],
      pictureFileCode: null,
      online: false,
      paid: false,
    });
  });

  it('leaves absent step settings empty for the decider to prefill, and drops blank texts', () => {
    const parsed = recipeContentSchema.parse({
      ...minimal,
      productCodes: ['TM-1', 'TM-1'],
      servingVersions: [
        { servings: 2, steps: [{ number: 1, workMode: 'MANUAL', descriptions: { zh: '炒', en: '' } }] },
      ],
    });
    expect(parsed.productCodes).toEqual(['TM-1']);
    expect(parsed.servingVersions[0]!.steps[0]).toEqual({
      number: 1,
      workMode: 'MANUAL',
      descriptions: { zh: '炒' },
      mediaFileCode: null,
      audioFileCode: null,
      autoStart: false,
      temperature: null,
      rotation: null,
      speed: null,
      minutes: null,
      seconds: null,
      waterGear: null,
      heatingMode: null,
    });
  });

  it('requires the main language among the recipe languages, and texts only in those languages', () => {
    expect(issues({ ...minimal, mainLang: 'fr' })).toEqual([
      { path: 'mainLang', message: 'recipe_main_lang_not_in_langs' },
    ]);
    expect(
      issues({
        ...minimal,
        texts: { zh: { name: '汤' }, de: { name: 'Suppe' } },
        servingVersions: [{ servings: 2, ingredients: [{ names: { ja: 'トマト' } }] }],
      }),
    ).toEqual([
      { path: 'texts.de', message: 'recipe_lang_not_in_langs' },
      { path: 'servingVersions.0.ingredients.0.names.ja', message: 'recipe_lang_not_in_langs' },
    ]);
  });

  it('requires a name in the main language, a draft too (a blank one is no name)', () => {
    expect(issues({ ...minimal, texts: {} })).toEqual([
      { path: 'texts.zh.name', message: 'recipe_main_name_required' },
    ]);
    expect(issues({ ...minimal, texts: { zh: { name: '  ' }, en: { name: 'Soup' } } })).toEqual([
      { path: 'texts.zh.name', message: 'recipe_main_name_required' },
    ]);
  });

  it('refuses two versions for the same servings and two steps with one number', () => {
    expect(
      issues({
        ...minimal,
        servingVersions: [{ servings: 2, steps: [{ number: 1 }, { number: 1 }] }, { servings: 2 }],
      }),
    ).toEqual([
      { path: 'servingVersions.0.steps.1.number', message: 'recipe_step_number_duplicate' },
      { path: 'servingVersions.1.servings', message: 'recipe_servings_duplicate' },
    ]);
  });

  it('answers with message keys for the wrong type, number and difficulty', () => {
    // The API shows the first message of each field, as here.
    const firstPerField = new Map<string, string>();
    for (const issue of issues({ ...minimal, type: 'TOASTER', number: '', difficulty: 'extreme' }))
      if (!firstPerField.has(issue.path)) firstPerField.set(issue.path, issue.message);
    expect(Object.fromEntries(firstPerField)).toEqual({
      type: 'recipe_type_invalid',
      number: 'number_required',
      difficulty: 'recipe_difficulty_invalid',
    });
  });
});

describe('work-mode settings', () => {
  const uses = (code: string) => workModeUses(WORK_MODES.find((m) => m.code === code)!);

  it('gives boil a temperature and no time, knead a time and no direction, describe nothing', () => {
    expect(uses('BOIL')).toEqual({
      temperature: true,
      speed: false,
      time: false,
      rotation: false,
      heatingMode: false,
    });
    expect(uses('KNEAD')).toEqual({
      temperature: false,
      speed: false,
      time: true,
      rotation: false,
      heatingMode: false,
    });
    expect(uses('DESCRIBE')).toEqual({
      temperature: false,
      speed: false,
      time: false,
      rotation: false,
      heatingMode: false,
    });
    expect(uses('OVEN')).toMatchObject({ temperature: true, time: true, heatingMode: true });
  });
});
