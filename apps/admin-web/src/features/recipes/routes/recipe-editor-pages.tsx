import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recipeDetailQuery } from '../api/recipe-detail.js';
import { useBrandLanguages } from '../../../components/reference/brand-languages.js';
import { newRecipeValues, recipeValuesOf } from '../components/editor/recipe-form.js';
import { RecipeEditor } from '../components/recipe-editor.js';
import { RecordState, useRevisionReload } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';
import { useCan } from '../../../lib/use-can.js';

const loading = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/**
 * What a role that may read recipes but not author them (viewer, auditor) sees on the add and edit pages: why
 * there is no form, and the way to the record (or the list) it can read.
 */
function ReadOnlyNotice({ id }: { id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Alert color="blue" icon={<IconAlertCircle />} data-testid="editor-read-only">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('recipes.editor.readOnly')}</Text>
        {id ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => void navigate({ to: '/recipe-detail', search: { id } })}
            data-testid="editor-open-detail"
          >
            {t('recipes.editor.openDetail')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            onClick={() => void navigate({ to: '/recipe-list' })}
            data-testid="editor-to-list"
          >
            {t('recipes.editor.toList')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** §2 /recipe-add (kept alive): a new recipe in the brand's main language. */
export function RecipeAddPage() {
  const navigate = useNavigate();
  const mayEdit = useCan('recipe.edit');
  const languages = useBrandLanguages();
  // A fresh editor after each save: the kept-alive page is reused for the next recipe.
  const [generation, setGeneration] = useState(0);
  if (!mayEdit) return <ReadOnlyNotice />;
  if (!languages) return loading;
  const main = languages.find((l) => l.main)?.langCode ?? languages[0]?.langCode ?? 'zh';
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
  const mayEdit = useCan('recipe.edit');
  const detail = useQuery({ ...recipeDetailQuery(id ?? ''), enabled: !!id && mayEdit, staleTime: Infinity });
  const { generation, reload } = useRevisionReload(detail.refetch);
  if (!mayEdit) return <ReadOnlyNotice id={id} />;
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
