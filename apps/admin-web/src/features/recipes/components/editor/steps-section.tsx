import type { RecipeType } from '@kb/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkModeOption } from '../../api/recipe-editor.js';
import { emptyStep } from '../../rules/step-rules.js';
import { setPart, stepErrors, type RecipeForm } from './recipe-form.js';
import { AddItemButton } from './list-item-buttons.js';
import { StepEditor } from './step-editor.js';

/** The steps of one serving version, each checked live against its work mode's §9 rules. */
export function StepsSection({
  form,
  version,
  modes,
  langs,
}: {
  form: RecipeForm;
  /** Index of the serving version. */
  version: number;
  modes: WorkModeOption[];
  langs: string[];
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  const steps = values.servingVersions[version]?.steps ?? [];
  const path = `servingVersions.${version}.steps`;
  return (
    <>
      <Text fw={500} size="sm">
        {t('recipes.editor.steps')}
      </Text>
      {steps.map((step, s) => (
        <StepEditor
          key={s}
          step={step}
          recipeType={values.type as RecipeType}
          modes={modes}
          langs={langs}
          serverErrors={stepErrors(form, `${path}.${s}.`)}
          onChange={(next) => setPart(form, `${path}.${s}`, next)}
          onRemove={() => form.removeListItem(path, s)}
        />
      ))}
      <AddItemButton
        form={form}
        path={path}
        item={() => emptyStep(Math.max(0, ...steps.map((x) => x.number)) + 1)}
        label={t('recipes.editor.addStep')}
        testId="add-step"
      />
    </>
  );
}
