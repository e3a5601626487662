import type { LinkedRecipe, Permission, RecipeLinkingEntityName } from '@kb/contracts';
import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.js';
import { useCan } from '../../lib/use-can.js';
import { Can } from '../can.js';
import { ListPage } from '../list-page.js';
import { moved, renumbered } from './link-order.js';
import { pageLocally } from './local-page.js';
import { recipeSummaryColumns } from './recipe-cells.js';
import { RecipePicker } from './recipe-picker.js';
import type { ReferenceRoute } from './reference-records.js';
import type { BatchAction } from '../batch-actions.js';
import type { TFunction } from 'i18next';

/**
 * The ordered recipes a record links (a banner's, a themed group's): `<route>/refRecipeList` (whole, paged here),
 * `updateRefRecipe` (add at the end, or give a sort value) and `deleteRefRecipe`. A role holding `permission`
 * reorders by up/down or by typing a sort value, adds released recipes from the library and removes a selection.
 */
export function LinkedRecipes({
  route,
  id,
  permission,
}: {
  route: ReferenceRoute<RecipeLinkingEntityName>;
  id: string;
  permission: Permission;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editable = useCan(permission);
  const [picking, setPicking] = useState(false);
  const key = [...route.key, 'links', id];
  const loadAll = () =>
    queryClient.fetchQuery({
      queryKey: [...key, 'all'],
      queryFn: ({ signal }) =>
        call
          .get(`/${route.route}/refRecipeList`, { id, onPage: false }, { signal })
          .then((page) => page.list),
      staleTime: 0,
    });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: route.key });
  const update = useMutation({
    mutationFn: (recipes: { recipeId: string; sort?: number }[]) =>
      call.post(`/${route.route}/updateRefRecipe`, { id, recipes }),
    onSettled: invalidate,
  });
  const remove = useMutation({
    mutationFn: (recipeIds: string[]) => call.post(`/${route.route}/deleteRefRecipe`, { id, recipeIds }),
    onSettled: invalidate,
  });
  const [linked, setLinked] = useState<ReadonlySet<string>>(new Set());

  const move = async (recipeId: string, by: -1 | 1) => {
    const all = await loadAll();
    const changes = renumbered(
      moved(
        all,
        all.findIndex((r) => r.recipeId === recipeId),
        by,
      ),
    );
    if (changes.length > 0) await update.mutateAsync(changes);
  };

  return (
    <Stack gap="md" data-testid="linked-recipes">
      <ListPage<LinkedRecipe & { position: number }, Record<string, never>>
        queryKey={key}
        fetchPage={async (q) => {
          const all = await loadAll();
          setLinked(new Set(all.map((r) => r.recipeId)));
          return pageLocally(
            all.map((r, i) => ({ ...r, position: i + 1 })),
            q.pageNum,
            q.pageSize,
          );
        }}
        initialFilters={{}}
        idAccessor="recipeId"
        columns={[
          { accessor: 'position', title: t('reference.recipes.position'), width: 80 },
          ...recipeSummaryColumns<LinkedRecipe & { position: number }>(t),
          {
            accessor: 'sort',
            title: t('reference.fields.sort'),
            width: 140,
            render: (r) =>
              editable ? (
                <NumberInput
                  size="xs"
                  w={110}
                  min={0}
                  max={999999}
                  allowDecimal={false}
                  allowNegative={false}
                  key={`${r.recipeId}-${r.sort}`}
                  defaultValue={r.sort}
                  aria-label={t('reference.fields.sort')}
                  data-testid={`link-sort-${r.number}`}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur();
                  }}
                  onBlur={(e) => {
                    const sort = Number(e.currentTarget.value);
                    if (e.currentTarget.value !== '' && sort !== r.sort)
                      void update.mutateAsync([{ recipeId: r.recipeId, sort }]);
                  }}
                />
              ) : (
                <Text size="sm">{r.sort}</Text>
              ),
          },
          {
            accessor: 'actions',
            title: t('common.actions'),
            render: (r) =>
              editable && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('reference.recipes.moveUp')}
                    data-testid={`link-up-${r.number}`}
                    disabled={r.position === 1 || update.isPending}
                    onClick={() => void move(r.recipeId, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('reference.recipes.moveDown')}
                    data-testid={`link-down-${r.number}`}
                    disabled={r.position === linked.size || update.isPending}
                    onClick={() => void move(r.recipeId, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              ),
          },
        ]}
        batchActions={[removeRecipesAction(t, permission, (recipeIds) => remove.mutateAsync(recipeIds))]}
        toolbar={<AddRecipesButton permission={permission} onClick={() => setPicking(true)} />}
      />
      <RecipePicker
        opened={picking}
        onClose={() => setPicking(false)}
        already={linked}
        status="released"
        onAdd={(recipeIds) => update.mutateAsync(recipeIds.map((recipeId) => ({ recipeId })))}
      />
    </Stack>
  );
}

/** The "add recipes" button above a linked-recipe list (it opens the recipe picker). */
export function AddRecipesButton({ permission, onClick }: { permission: Permission; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Can permission={permission}>
      <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onClick} data-testid="add-recipes">
        {t('reference.recipes.addRecipes')}
      </Button>
    </Can>
  );
}

/** The batch action unlinking the selected recipes of a linked-recipe list, after the §8 confirmation. */
export function removeRecipesAction<R extends { recipeId: string }>(
  t: TFunction,
  permission: Permission,
  unlink: (recipeIds: string[]) => Promise<unknown>,
): BatchAction<R> {
  return {
    key: 'remove',
    permission,
    label: t('reference.recipes.removeRecipes'),
    color: 'red',
    confirm: 'batchDelete',
    run: async (rows) => {
      await unlink(rows.map((r) => r.recipeId));
    },
  };
}
