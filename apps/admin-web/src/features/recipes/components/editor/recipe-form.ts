import type { ReactNode } from 'react';
import {
  recipeContentSchema,
  type RecipeContent,
  type RecipeContentDraft,
  type WorkModeDefinition,
} from '@kb/contracts';
import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import { useAppForm } from '../../../../components/use-app-form.js';
import { requiredError, translateError } from '../../../../lib/translate.js';
import { problemsOfStep } from '../../rules/step-rules.js';

/** The editor's values: the recipe content as libs/contracts `recipeContentSchema` parses it. */
export type RecipeFormValues = RecipeContentDraft;
export type RecipeForm = UseFormReturnType<RecipeFormValues>;

/** What the contracts' recipe content gives a field left out: a new draft starts from these. */
const CONTENT_DEFAULTS = Object.fromEntries(
  Object.entries(recipeContentSchema.shape).flatMap(([field, schema]) => {
    const absent = schema.safeParse(undefined);
    return absent.success ? [[field, absent.data]] : [];
  }),
) as Omit<RecipeFormValues, 'type' | 'number' | 'mainLang' | 'langs'>;

export function newRecipeValues(mainLang: string): RecipeFormValues {
  return {
    ...CONTENT_DEFAULTS,
    type: 'SOUP',
    number: '',
    mainLang,
    langs: [mainLang],
    servingVersions: [{ servings: 2, ingredients: [], steps: [] }],
  };
}

/** A saved recipe's content as the form's values (content saved before a field existed gets its default). */
export function recipeValuesOf(content: RecipeContent): RecipeFormValues {
  return { ...newRecipeValues(content.mainLang), ...content };
}

const checkContent = schemaResolver(recipeContentSchema, { sync: true });

/**
 * Every error of the values at once: the contracts schema's (an empty name in the main language among them, which
 * the API refuses too). Empty required fields name themselves.
 */
export function recipeFormErrors(values: RecipeFormValues): Record<string, ReactNode> {
  const errors: Record<string, ReactNode> = { ...checkContent(values) };
  if (errors.number === 'number_required') errors.number = requiredError('recipes.fields.number');
  const name = `texts.${values.mainLang}.name`;
  if (
    values.mainLang &&
    !values.texts[values.mainLang]?.name?.trim() &&
    (!errors[name] || errors[name] === 'recipe_main_name_required')
  )
    errors[name] = requiredError('recipes.fields.name');
  return errors;
}

/**
 * The recipe's form: checked before a save by `recipeFormErrors`, errors are error codes drawn in the user's
 * language under their fields.
 */
export function useRecipeForm(initial: RecipeFormValues): RecipeForm {
  return useAppForm<RecipeFormValues>({ initialValues: initial, validate: recipeFormErrors });
}

/** Sets a part of the content and forgets the errors under it (they were about what it held before). */
export function setPart(form: RecipeForm, path: string, value: unknown): void {
  form.setFieldValue(path as never, value as never);
  const prefix = `${path}.`;
  if (Object.keys(form.errors).some((key) => key.startsWith(prefix)))
    form.setErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith(prefix))),
    );
}

/** The error drawn under the field at this path, in the user's language. */
export function errorAt(form: RecipeForm, path: string) {
  const error = form.errors[path];
  return error ? translateError(error) : undefined;
}

/** A NumberInput bound to a nullable number of the content (empty = null). */
export function numberProps(form: RecipeForm, path: string) {
  const props = form.getInputProps(path);
  return {
    ...props,
    value: (props.value as number | null) ?? '',
    onChange: (value: string | number) =>
      form.setFieldValue(path as never, (value === '' ? null : Number(value)) as never),
  };
}

/** The fields of a step that show errors under them. */
export const STEP_ERROR_FIELDS = [
  'workMode',
  'temperature',
  'speed',
  'minutes',
  'seconds',
  'rotation',
] as const;
export type StepErrors = Partial<Record<(typeof STEP_ERROR_FIELDS)[number], string>>;

export function stepErrors(form: RecipeForm, prefix: string): StepErrors {
  return Object.fromEntries(
    STEP_ERROR_FIELDS.filter((f) => form.errors[prefix + f]).map((f) => [
      f,
      String(errorAt(form, prefix + f)),
    ]),
  );
}

/** Paths whose errors the editor shows under their field; the rest are listed above the buttons. */
const PLACED = [
  /^(type|number|langs|difficulty|categoryId|tagIds|productCodes|accessoryIds|headPackageIds|pictureFileCode)$/,
  /^(prepMinutes|cookMinutes|restMinutes)$/,
  /^texts\.[^.]+\.(name|description|chefTips)$/,
  /^servingVersions\.\d+\.servings$/,
  /^servingVersions\.\d+\.ingredients\.\d+\.(quantity|unitId|names\.[^.]+|descriptions\.[^.]+)$/,
  new RegExp(`^servingVersions\\.\\d+\\.steps\\.\\d+\\.(${STEP_ERROR_FIELDS.join('|')})$`),
  /^nutrients\.\d+\.(name|amount|unit)$/,
];

export function isPlaced(path: string): boolean {
  return PLACED.some((pattern) => pattern.test(path));
}

/** The errors no field shows, in the user's language. */
export function unplacedErrors(errors: Record<string, unknown>): string[] {
  return Object.entries(errors)
    .filter(([path]) => !isPlaced(path))
    .map(([, error]) => String(translateError(error as string)));
}

/** Whether some step breaks its work mode's §9 rules (the step editor shows which, under the field). */
export function hasStepProblems(values: RecipeFormValues, modes: readonly WorkModeDefinition[]): boolean {
  return values.servingVersions.some((version) =>
    version.steps.some(
      (step) => problemsOfStep(step, modes.find((m) => m.code === step.workMode) ?? null).length > 0,
    ),
  );
}
