import { RECYCLE_BIN_SORT_FIELDS } from '@kb/contracts';
import { Button } from '@mantine/core';
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
import { actionsColumn, onSelectedIds, timeColumn } from '../../../components/record-columns.js';
import { RowActionButtons } from '../../../components/row-action-buttons.js';
import type { BatchAction } from '../../../components/batch-actions.js';

const ROW_ACTIONS = ['recover', 'clear'] as const;

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
  const batchOf = (
    route: 'recovery' | 'batchClear',
    key: string,
    label: string,
  ): BatchAction<RecipeListItem> => ({
    key,
    label,
    permission: RECIPE_BATCH_PERMISSIONS[route],
    confirm: route === 'recovery' ? 'recover' : 'batchClear',
    run: onSelectedIds((ids) => runRecipeBatch(route, ids), refresh),
  });
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
        timeColumn('deletedAt', t('recipes.fields.deletedAt')),
        {
          accessor: 'recycledFrom',
          title: t('recipes.fields.leftState'),
          render: (r) => (r.recycledFrom ? <StatusBadge status={r.recycledFrom} /> : null),
        },
        actionsColumn(t, (r) => (
          <RowActionButtons
            actions={ROW_ACTIONS}
            labels={{ recover: 'recipes.actions.recover', clear: 'recipes.actions.clear' }}
            permissions={{
              recover: RECIPE_BATCH_PERMISSIONS.recovery,
              clear: RECIPE_BATCH_PERMISSIONS.batchClear,
            }}
            danger={['clear']}
            onAction={(action) => void runOne(action === 'recover' ? 'recovery' : 'batchClear', r)}
          />
        )),
      ]}
      batchActions={[
        batchOf('recovery', 'recover', t('recipes.actions.recover')),
        { ...batchOf('batchClear', 'clear', t('recipes.actions.batchClear')), color: 'red' },
      ]}
    />
  );
}
