import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recipeDetailQuery } from '../api/recipe-detail.js';
import { brandLanguagesQuery } from '../api/recipe-editor.js';
import { newRecipeValues, recipeValuesOf } from '../components/editor/recipe-form.js';
import { RecipeEditor } from '../components/recipe-editor.js';
import { RecordState, useRevisionReload } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';

const loading = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/** §2 /recipe-add (kept alive): a new recipe in the brand's main language. */
export function RecipeAddPage() {
  const navigate = useNavigate();
  const languages = useQuery(brandLanguagesQuery);
  // A fresh editor after each save: the kept-alive page is reused for the next recipe.
  const [generation, setGeneration] = useState(0);
  if (!languages.data) return loading;
  const main = languages.data.find((l) => l.main)?.langCode ?? languages.data[0]?.langCode ?? 'zh';
  return (
    <RecipeEditor
      key={generation}
      initial={newRecipeValues(main)}
      onSaved={() => {
        setGeneration((g) => g + 1);
        void navigate({ to: '/recipe-list' });
      }}
      onCreated={(answer) => {
        setGeneration((g) => g + 1);
        void navigate({ to: '/recipe-edit', search: { id: answer.id } });
      }}
    />
  );
}

/** §2 /recipe-edit?id=… (kept alive): the content of a recipe in editing, saved over the revision loaded. */
export function RecipeEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId();
  const detail = useQuery({ ...recipeDetailQuery(id ?? ''), enabled: !!id, staleTime: Infinity });
  const { generation, reload } = useRevisionReload(detail.refetch);
  return (
    <RecordState id={id} query={detail}>
      {(recipe) =>
        recipe.status !== 'editing' ? (
          <Alert color="orange" icon={<IconAlertCircle />} data-testid="not-editable">
            {t('recipes.editor.notEditable', { status: t(`recipes.status.${recipe.status}`) })}
          </Alert>
        ) : (
          <RecipeEditor
            key={`${recipe.revision}-${generation}`}
            id={recipe.id}
            revision={recipe.revision}
            initial={recipeValuesOf(recipe.content)}
            onReload={() => void reload(recipe.revision)}
            onSaved={(_, submitted) => {
              if (submitted) void navigate({ to: '/recipe-list' });
              else void reload();
            }}
          />
        )
      }
    </RecordState>
  );
}
