import { RECYCLE_BIN_SORT_FIELDS } from '@kb/contracts';
import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm.js';
import { ListPage } from '../../../components/list-page.js';
import { notifyError } from '../../../lib/notify.js';
import { Can } from '../../../components/can.js';
import { fetchRecipePage, runRecipeBatch } from '../api/recipe-commands.js';
import { RECIPE_BATCH_PERMISSIONS } from '../rules/recipe-actions.js';
import { RECIPES_KEY, type RecipeListItem } from '../api/recipe-list.js';
import { StatusBadge } from '../components/recipe-cells.js';
import { formatTime } from '../../../lib/format.js';
import { actionsColumn } from '../../../components/record-columns.js';

interface BinFilters extends Record<string, unknown> {
  number: string;
  name: string;
}

/** §2 /recycling-list: deleted recipes with their delete time and the state recover returns them to. */
export function RecyclingListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: RECIPES_KEY });
  const runOne = async (route: 'recovery' | 'batchClear', recipe: RecipeListItem) => {
    if (!(await confirmAction(route === 'recovery' ? 'recover' : 'clear'))) return;
    try {
      const outcome = await runRecipeBatch(route, [recipe.id]);
      for (const failure of outcome.failed) notifyError(failure.reason);
      refresh();
    } catch {
      // The API client has shown the failure.
    }
  };
  return (
    <ListPage<RecipeListItem, BinFilters>
      queryKey={[...RECIPES_KEY, 'recycle-bin']}
      fetchPage={(q, signal) => fetchRecipePage({ ...q, status: 'recycle_bin' }, signal)}
      sortFields={RECYCLE_BIN_SORT_FIELDS}
      views="recycleBin"
      initialFilters={{ number: '', name: '' }}
      toolbar={
        <Can permission="audit.read">
          <Button
            size="xs"
            variant="light"
            onClick={() => void navigate({ to: '/audit-history' })}
            data-testid="open-audit"
          >
            {t('components.history.openAudit')}
          </Button>
        </Can>
      }
      filters={[
        { name: 'number', label: t('recipes.fields.number'), kind: 'text' },
        { name: 'name', label: t('recipes.fields.name'), kind: 'text' },
      ]}
      idAccessor="id"
      columns={[
        { accessor: 'number', title: t('recipes.fields.number') },
        { accessor: 'name', title: t('recipes.fields.name') },
        {
          accessor: 'deletedAt',
          title: t('recipes.fields.deletedAt'),
          render: (r) => formatTime(r.deletedAt),
        },
        {
          accessor: 'recycledFrom',
          title: t('recipes.fields.leftState'),
          render: (r) => (r.recycledFrom ? <StatusBadge status={r.recycledFrom} /> : null),
        },
        actionsColumn(t, (r) => (
          <Group gap={2} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
            <Can permission={RECIPE_BATCH_PERMISSIONS.recovery}>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => void runOne('recovery', r)}
                data-testid="row-recover"
              >
                {t('recipes.actions.recover')}
              </Button>
            </Can>
            <Can permission={RECIPE_BATCH_PERMISSIONS.batchClear}>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => void runOne('batchClear', r)}
                data-testid="row-clear"
              >
                {t('recipes.actions.clear')}
              </Button>
            </Can>
          </Group>
        )),
      ]}
      batchActions={[
        {
          key: 'recover',
          label: t('recipes.actions.recover'),
          permission: RECIPE_BATCH_PERMISSIONS.recovery,
          confirm: 'recover',
          run: async (rows) => {
            const outcome = await runRecipeBatch(
              'recovery',
              rows.map((r) => r.id),
            );
            refresh();
            return outcome;
          },
        },
        {
          key: 'clear',
          label: t('recipes.actions.batchClear'),
          permission: RECIPE_BATCH_PERMISSIONS.batchClear,
          confirm: 'batchClear',
          color: 'red',
          run: async (rows) => {
            const outcome = await runRecipeBatch(
              'batchClear',
              rows.map((r) => r.id),
            );
            refresh();
            return outcome;
          },
        },
      ]}
    />
  );
}
