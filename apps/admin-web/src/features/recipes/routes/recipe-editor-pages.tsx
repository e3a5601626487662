import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recipeDetailQuery } from '../api/recipe-detail.js';
import { brandLanguagesQuery } from '../api/recipe-editor.js';
import { newContent, RecipeEditor, type EditorContent } from '../components/recipe-editor.js';
import { useRecipeId } from '../components/recipe-id.js';

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
      initial={newContent(main)}
      onSaved={() => {
        setGeneration((g) => g + 1);
        void navigate({ to: '/recipe-list' });
      }}
    />
  );
}

/** §2 /recipe-edit?id=… (kept alive): the content of a recipe in editing, saved over the revision loaded. */
export function RecipeEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecipeId();
  const detail = useQuery({ ...recipeDetailQuery(id ?? ''), enabled: !!id, staleTime: Infinity });
  const [generation, setGeneration] = useState(0);
  if (!id || detail.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} data-testid="record-load-failed">
        {detail.error?.message ?? ''}
      </Alert>
    );
  if (!detail.data) return loading;
  const recipe = detail.data;
  if (recipe.status !== 'editing')
    return (
      <Alert color="orange" icon={<IconAlertCircle />} data-testid="not-editable">
        {t('recipes.editor.notEditable', { status: t(`recipes.status.${recipe.status}`) })}
      </Alert>
    );
  // After a conflict the read model may still be catching up with the other save: ask again briefly until it
  // shows a newer revision than the one this editor was opened on.
  const reload = async (newerThan?: number) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { data } = await detail.refetch();
      if (newerThan === undefined || (data && data.revision > newerThan)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    setGeneration((g) => g + 1);
  };
  return (
    <RecipeEditor
      key={`${recipe.revision}-${generation}`}
      id={id}
      revision={recipe.revision}
      initial={recipe.content as EditorContent}
      onReload={() => void reload(recipe.revision)}
      onSaved={(_, submitted) => {
        if (submitted) void navigate({ to: '/recipe-list' });
        else void reload();
      }}
    />
  );
}
