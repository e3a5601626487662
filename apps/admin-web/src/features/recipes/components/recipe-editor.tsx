import { Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmLeave } from '../../../components/confirm-leave.js';
import { PendingUploads, usePendingUploads } from '../../../components/pending-uploads.js';
import { SaveSubmitBar, useOfferReload } from '../../../components/save-submit-bar.js';
import { applyServerErrors } from '../../../components/use-app-form.js';
import { ApiError } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';
import { usePageDirty } from '../../../lib/page-context.js';
import { saveRecipe, submitRecipe, workModesQuery, type SaveAnswer } from '../api/recipe-editor.js';
import { RECIPES_KEY } from '../api/recipe-list.js';
import { BasicsSection } from './editor/basics-section.js';
import { languagesOf, LanguagesSection } from './editor/languages-section.js';
import { MediaSection } from './editor/media-section.js';
import { NutrientsSection } from './editor/nutrients-section.js';
import {
  hasStepProblems,
  unplacedErrors,
  useRecipeForm,
  type RecipeFormValues,
} from './editor/recipe-form.js';
import { ServingVersionsSection } from './editor/serving-versions-section.js';

/**
 * The recipe editor of /recipe-add and /recipe-edit: the §3 content on the form kit (`@mantine/form` checked by
 * libs/contracts `recipeContentSchema`), in sections: basics, languages, media, serving versions with their
 * ingredients and steps, nutrients. A save is refused before sending while a step breaks its work mode (§9) or
 * a field breaks the schema; the API's field errors go under their fields. An edit saves over the revision it
 * loaded: a 409 offers to reload. Leaving with unsaved input asks first; save waits for uploads in flight.
 */
export function RecipeEditor({
  initial,
  id,
  revision,
  onSaved,
  onCreated,
  onReload,
}: {
  initial: RecipeFormValues;
  id?: string;
  revision?: number;
  onSaved: (answer: SaveAnswer, submitted: boolean) => void;
  /** A new recipe was saved but the submit that followed was refused: it is now a draft to edit. */
  onCreated?: (answer: SaveAnswer) => void;
  onReload?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const form = useRecipeForm(initial);
  const uploads = usePendingUploads();
  const offerReload = useOfferReload();
  const [problems, setProblems] = useState<string[]>([]);
  const dirty = form.isDirty();
  usePageDirty(dirty);
  const { leaveFreely } = useConfirmLeave(dirty);
  const modes = useQuery(workModesQuery(i18n.language)).data ?? [];
  const langs = languagesOf(form.getValues());

  const send = async (submit: boolean) => {
    setProblems([]);
    // The editor already shows these under their fields: the API would refuse the same.
    if (hasStepProblems(form.getValues(), modes)) {
      setProblems([t('recipes.editor.fixStepsFirst')]);
      return;
    }
    const checked = form.validate();
    if (checked.hasErrors) {
      setProblems([t('recipes.editor.fixFields'), ...unplacedErrors(checked.errors)]);
      return;
    }
    const content = form.getValues();
    let created: SaveAnswer | null = null;
    try {
      let answer: SaveAnswer;
      if (submit && id !== undefined && revision !== undefined) {
        answer = await submitRecipe({ id, revision, content });
      } else {
        answer = await saveRecipe({ ...content, ...(id ? { id, revision } : {}) });
        if (!id) created = answer;
        if (submit) answer = await submitRecipe({ id: answer.id, revision: answer.revision, content });
      }
      form.resetDirty();
      void queryClient.invalidateQueries({ queryKey: RECIPES_KEY });
      await leaveFreely(() => onSaved(answer, submit));
    } catch (error) {
      if (created) {
        // The recipe exists now: saving this form again would create it twice, so the author continues on its
        // edit form, which shows why the submit was refused.
        form.resetDirty();
        void queryClient.invalidateQueries({ queryKey: RECIPES_KEY });
        if (error instanceof ApiError) notifyError(error.desc);
        const draft = created;
        await leaveFreely(() => onCreated?.(draft));
        return;
      }
      if (error instanceof ApiError && error.status === 409 && id && error.code !== 'number_taken') {
        offerReload({
          message: t('recipes.editor.conflict'),
          reloadLabel: t('recipes.editor.reload'),
          testId: 'recipe',
          onReload: () => onReload?.(),
        });
      } else if (error instanceof ApiError) {
        if (applyServerErrors(form, error))
          setProblems([t('recipes.editor.fixFields'), ...unplacedErrors(error.fieldErrors)]);
        else notifyError(error.desc);
      }
    }
  };

  return (
    <PendingUploads report={uploads.report}>
      <Stack gap="md">
        <BasicsSection form={form} />
        <LanguagesSection form={form} />
        <MediaSection form={form} />
        <ServingVersionsSection form={form} modes={modes} langs={langs} />
        <NutrientsSection form={form} />
        <SaveSubmitBar
          onSave={() => send(false)}
          onSubmit={() => send(true)}
          saveLabel={t('recipes.editor.save')}
          submitLabel={t('recipes.editor.submit')}
          testIds={{ save: 'editor-save', submit: 'editor-submit', failure: 'editor-problems' }}
          failure={problems.length > 0 && problems.map((p) => <div key={p}>{p}</div>)}
          pendingUploads={uploads.pending}
        />
      </Stack>
    </PendingUploads>
  );
}
