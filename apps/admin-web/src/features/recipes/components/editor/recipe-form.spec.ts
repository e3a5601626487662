import { describe, expect, it } from '@jest/globals';
import { recipeContentSchema, WORK_MODES } from '@kb/contracts';
import { schemaResolver } from '@mantine/form';
import { emptyStep, withWorkMode } from '../../rules/step-rules.js';
import {
  hasStepProblems,
  isPlaced,
  newRecipeValues,
  recipeFormErrors,
  recipeValuesOf,
  unplacedErrors,
} from './recipe-form.js';

const stir = WORK_MODES.find((m) => m.code === 'STIR')!;

describe('the recipe form’s values', () => {
  it('start as a draft the contracts schema refuses only for its missing number and main-language name', () => {
    const errors = schemaResolver(recipeContentSchema, { sync: true })(newRecipeValues('zh'));
    expect(errors).toEqual({ number: 'number_required', 'texts.zh.name': 'recipe_main_name_required' });
    const named = { ...newRecipeValues('zh'), number: 'R-1', texts: { zh: { name: '汤' } } };
    expect(recipeContentSchema.safeParse(named).success).toBe(true);
  });

  it('hold every field of the contracts’ content from the start (its defaults where it has them)', () => {
    expect(Object.keys(newRecipeValues('zh')).sort()).toEqual(Object.keys(recipeContentSchema.shape).sort());
    expect(newRecipeValues('zh')).toMatchObject({ showOnMachine: true, online: false, accessoryIds: [] });
  });

  it('give content saved before a field existed that field’s default', () => {
    const { headPackageIds: _dropped, ...old } = { ...newRecipeValues('en'), number: 'R-2' };
    expect(recipeValuesOf(old as never).headPackageIds).toEqual([]);
    expect(recipeValuesOf(old as never).number).toBe('R-2');
  });

  it('know when a step breaks its work mode (stir: whole 30-second cycles)', () => {
    const values = newRecipeValues('zh');
    const step = withWorkMode(emptyStep(1), stir);
    values.servingVersions[0]!.steps = [step];
    expect(hasStepProblems(values, WORK_MODES)).toBe(false);
    values.servingVersions[0]!.steps = [{ ...step, seconds: 10 }];
    expect(hasStepProblems(values, WORK_MODES)).toBe(true);
  });
});

describe('the recipe form’s errors', () => {
  it('name every empty required field at once: the number and the main language’s name', () => {
    expect(recipeFormErrors(newRecipeValues('zh'))).toEqual({
      number: 'required:recipes.fields.number',
      'texts.zh.name': 'required:recipes.fields.name',
    });
    const named = { ...newRecipeValues('en'), number: 'R-1', texts: { en: { name: 'Soup' } } };
    expect(recipeFormErrors(named as never)).toEqual({});
  });
});

describe('where an error is shown', () => {
  it('under its field when the editor draws one, else in the list above the buttons', () => {
    expect(isPlaced('number')).toBe(true);
    expect(isPlaced('texts.zh.name')).toBe(true);
    expect(isPlaced('servingVersions.1.steps.2.speed')).toBe(true);
    expect(isPlaced('servingVersions.0.ingredients.3.names.en')).toBe(true);
    expect(isPlaced('nutrients.0.name')).toBe(true);
    expect(isPlaced('mainLang')).toBe(false);
    expect(isPlaced('texts.fr')).toBe(false);
    expect(
      unplacedErrors({ number: 'number_required', 'texts.fr': 'French is not a language of the recipe' }),
    ).toEqual(['French is not a language of the recipe']);
  });
});
