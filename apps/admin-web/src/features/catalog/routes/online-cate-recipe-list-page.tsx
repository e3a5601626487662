import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.js';
import {
  ONLINE_KEY,
  onlineCategoryQuery,
  useAddCategoryRecipes,
  useRemoveCategoryRecipes,
} from '../api/online-categories.js';
import { RecipeCell } from '../../../components/reference/recipe-cells.js';
import { RecipePicker } from '../../../components/reference/recipe-picker.js';
import { AddRecipesButton, removeRecipesAction } from '../../../components/reference/linked-recipes.js';
import { useRecordId } from '../../../lib/page-context.js';
import { pageLocally } from '../../../components/reference/local-page.js';

interface LinkedRecipe {
  recipeId: string;
  position: number;
}

/**
 * §2 /online-cate/recipeList?id=…: the recipes of one online category in the order the app shows them; add
 * from the recipe library (appended at the end) and remove a selection.
 */
export function OnlineCateRecipeListPage() {
  const { t } = useTranslation();
  const id = useRecordId() ?? '';
  const queryClient = useQueryClient();
  const category = useQuery({ ...onlineCategoryQuery(id), enabled: !!id });
  const add = useAddCategoryRecipes();
  const remove = useRemoveCategoryRecipes();
  const [picking, setPicking] = useState(false);
  if (!id || category.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} data-testid="record-load-failed">
        {t('reference.loadFailed')}
        {category.error ? `: ${category.error.message}` : ''}
      </Alert>
    );
  const linked = new Set(category.data?.recipes.map((r) => r.recipeId));
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={600} data-testid="category-name">
          {category.data?.name}
        </Text>
      </Group>
      <ListPage<LinkedRecipe, Record<string, never>>
        queryKey={[...ONLINE_KEY, 'linked', id]}
        fetchPage={async (q) => {
          const detail = await queryClient.fetchQuery(onlineCategoryQuery(id));
          const rows = detail.recipes.map((r, i) => ({ recipeId: r.recipeId, position: i + 1 }));
          return pageLocally(rows, q.pageNum, q.pageSize);
        }}
        initialFilters={{}}
        idAccessor="recipeId"
        columns={[
          { accessor: 'position', title: t('reference.recipes.position'), width: 90 },
          {
            accessor: 'number',
            title: t('reference.fields.number'),
            render: (r) => <RecipeCell id={r.recipeId} field="number" />,
          },
          {
            accessor: 'name',
            title: t('reference.fields.name'),
            render: (r) => <RecipeCell id={r.recipeId} field="name" />,
          },
          {
            accessor: 'status',
            title: t('reference.recipes.status'),
            render: (r) => <RecipeCell id={r.recipeId} field="status" />,
          },
        ]}
        batchActions={[
          removeRecipesAction(t, 'onlineCategory.edit', (recipeIds) =>
            remove.mutateAsync({ categoryId: id, recipeIds }),
          ),
        ]}
        toolbar={<AddRecipesButton permission="onlineCategory.edit" onClick={() => setPicking(true)} />}
      />
      <RecipePicker
        opened={picking}
        onClose={() => setPicking(false)}
        already={linked}
        onAdd={(recipeIds) => add.mutateAsync({ categoryId: id, recipeIds })}
      />
    </Stack>
  );
}
