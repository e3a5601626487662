import { RECIPE_SORT_FIELDS, RECIPE_TYPES, type ListName } from '@kb/contracts';
import { Button } from '@mantine/core';
import { IconFileExport, IconFileImport, IconLink, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button.js';
import type { BatchAction } from '../../../components/batch-actions.js';
import { Can } from '../../../components/can.js';
import { ListPage, type FilterField } from '../../../components/list-page.js';
import { fetchRecipePage, fetchRecycleBinCount, runRecipeBatch } from '../api/recipe-commands.js';
import { useBrandLanguages } from '../../../components/reference/brand-languages.js';
import { useBrandModelOptions } from '../../../lib/lookups.js';
import { RECIPES_KEY, useCategoryOptions, type RecipeListItem } from '../api/recipe-list.js';
import { NO_RECIPE_FILTER, type RecipeFilters } from '../api/recipe-library.js';
import { tagsQuery } from '../api/recipe-editor.js';
import { RECIPE_BATCH_PERMISSIONS } from '../rules/recipe-actions.js';
import { openImportDialog, startRecipeExport } from './jobs-dialogs.js';
import { openTranslateDialog } from './translate-dialog.js';
import { chooseCategory } from './category-dialog.js';
import { OfferFlag, StatusBadge } from './recipe-cells.js';
import { formatTime } from '../../../lib/format.js';
import { RecipeRowActions } from './recipe-row-actions.js';

/**
 * The recipe library and its online and paid views: filters, pager, selection, the §4 batch actions with
 * their §8 confirmations and per-recipe results, and the row actions each state allows. `fixed` narrows the
 * list for good (e.g. `{ online: 'true' }`) and drops that filter from the bar.
 */
export function RecipeListScreen({
  listKey,
  views,
  fixed = {},
  withToolbar = false,
}: {
  listKey: string;
  /** Its saved views: each screen of recipes keeps its own (their filters differ). */
  views: ListName;
  fixed?: Partial<RecipeFilters>;
  withToolbar?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategoryOptions();
  const models = useBrandModelOptions();
  const brandLanguages = useBrandLanguages() ?? [];
  const languages = brandLanguages.map((l) => ({ value: l.langCode, label: l.langName }));
  const mainLang = brandLanguages.find((l) => l.main)?.langCode ?? 'zh';
  const tags = (useQuery(tagsQuery(mainLang)).data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const binCount = useQuery({
    queryKey: [...RECIPES_KEY, 'recycle-bin-count'],
    queryFn: ({ signal }) => fetchRecycleBinCount(signal),
    enabled: withToolbar,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: RECIPES_KEY }),
    [queryClient],
  );
  const yesNo = [
    { value: 'true', label: t('recipes.yes') },
    { value: 'false', label: t('recipes.no') },
  ];

  const allFilters: FilterField<RecipeFilters>[] = [
    { name: 'number', label: t('recipes.fields.number'), kind: 'text' },
    { name: 'name', label: t('recipes.fields.name'), kind: 'text' },
    {
      name: 'status',
      label: t('recipes.fields.status'),
      kind: 'select',
      options: (['editing', 'waiting_release', 'released'] as const).map((s) => ({
        value: s,
        label: t(`recipes.status.${s}`),
      })),
    },
    { name: 'categoryId', label: t('recipes.fields.category'), kind: 'select', options: categories },
    {
      name: 'type',
      label: t('recipes.fields.type'),
      kind: 'select',
      options: RECIPE_TYPES.map((type) => ({ value: type, label: t(`recipes.type.${type}`) })),
    },
    { name: 'productCode', label: t('recipes.fields.model'), kind: 'select', options: models },
    { name: 'online', label: t('recipes.fields.online'), kind: 'select', options: yesNo },
    { name: 'paid', label: t('recipes.fields.paid'), kind: 'select', options: yesNo },
    { name: 'tagId', label: t('recipes.fields.tag'), kind: 'select', options: tags },
    { name: 'lang', label: t('recipes.fields.languages'), kind: 'select', options: languages },
    { name: 'updated', label: t('recipes.fields.updatedAt'), kind: 'date-range' },
  ];
  const filters = allFilters.filter((f) => fixed[f.name] === undefined);

  const batch = (
    key: string,
    label: string,
    route: Parameters<typeof runRecipeBatch>[0],
    confirm: BatchAction<RecipeListItem>['confirm'],
    extra: Record<string, unknown> = {},
    color?: string,
  ): BatchAction<RecipeListItem> => ({
    key,
    label,
    confirm,
    color,
    permission: RECIPE_BATCH_PERMISSIONS[route],
    run: async (rows) => {
      const outcome = await runRecipeBatch(
        route,
        rows.map((r) => r.id),
        extra,
      );
      refresh();
      return outcome;
    },
  });

  const batchActions: BatchAction<RecipeListItem>[] = [
    batch('submit', t('recipes.actions.submit'), 'batchSubmit', 'submitAudit'),
    batch('release', t('recipes.actions.release'), 'batchRelease', 'releaseOnline'),
    batch('recallEditing', t('recipes.actions.recallEditing'), 'batchRecallEditing', 'undo'),
    batch('recallWaitRelease', t('recipes.actions.recallWaitRelease'), 'batchRecallWaitRelease', 'undo'),
    batch('online', t('recipes.actions.setOnline'), 'batchUpdateOnlineStatus', 'batchOnlinePaid', {
      online: true,
    }),
    batch('offline', t('recipes.actions.setOffline'), 'batchUpdateOnlineStatus', 'batchOnlinePaid', {
      online: false,
    }),
    batch('paid', t('recipes.actions.setPaid'), 'batchUpdateBuyStatus', 'batchOnlinePaid', { paid: true }),
    batch('free', t('recipes.actions.setFree'), 'batchUpdateBuyStatus', 'batchOnlinePaid', { paid: false }),
    {
      key: 'category',
      label: t('recipes.actions.changeCategory'),
      permission: RECIPE_BATCH_PERMISSIONS.batchUpdateCategory,
      run: async (rows) => {
        const categoryId = await chooseCategory(t('recipes.categoryDialog.title'), categories);
        if (categoryId === undefined) return;
        const outcome = await runRecipeBatch(
          'batchUpdateCategory',
          rows.map((r) => r.id),
          { categoryId },
        );
        refresh();
        return outcome;
      },
    },
    batch('delete', t('common.delete'), 'batchDelete', 'batchDelete', {}, 'red'),
    {
      key: 'export',
      label: t('jobs.recipes.exportSelected'),
      permission: 'read',
      run: async (rows) => {
        await startRecipeExport({ ids: rows.map((r) => r.id) }).catch(() => undefined);
      },
    },
    {
      key: 'translate',
      label: t('jobs.translate.action'),
      permission: 'recipe.edit',
      run: (rows) => {
        openTranslateDialog(rows, languages, refresh);
        return Promise.resolve();
      },
    },
  ];

  // Memoised: the rows are not drawn again when a filter's options arrive.
  const columns = useMemo(
    (): DataTableColumn<RecipeListItem>[] => [
      { accessor: 'number', title: t('recipes.fields.number') },
      { accessor: 'name', title: t('recipes.fields.name') },
      {
        accessor: 'type',
        title: t('recipes.fields.type'),
        render: (r) => t(`recipes.type.${r.type}`, { defaultValue: r.type }),
      },
      {
        accessor: 'status',
        title: t('recipes.fields.status'),
        render: (r) => <StatusBadge status={r.status} />,
      },
      { accessor: 'categoryName', title: t('recipes.fields.category') },
      { accessor: 'version', title: t('recipes.fields.version') },
      {
        accessor: 'online',
        title: t('recipes.fields.online'),
        render: (r) => <OfferFlag value={r.online} status={r.status} />,
      },
      {
        accessor: 'paid',
        title: t('recipes.fields.paid'),
        render: (r) => <OfferFlag value={r.paid} status={r.status} />,
      },
      {
        accessor: 'updatedAt',
        title: t('recipes.fields.updatedAt'),
        noWrap: true,
        render: (r) => formatTime(r.updatedAt),
      },
      {
        accessor: 'actions',
        title: t('common.actions'),
        render: (r) => <RecipeRowActions recipe={r} onChanged={refresh} />,
      },
    ],
    [t, refresh],
  );

  return (
    <ListPage<RecipeListItem, RecipeFilters>
      queryKey={[...RECIPES_KEY, listKey]}
      sortFields={RECIPE_SORT_FIELDS}
      views={views}
      fetchPage={(q, signal) => fetchRecipePage({ ...q, ...fixed }, signal)}
      initialFilters={NO_RECIPE_FILTER}
      filters={filters}
      idAccessor="id"
      columns={columns}
      batchActions={batchActions}
      toolbar={(applied) =>
        withToolbar && (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconTrash size={14} />}
              onClick={() => void navigate({ to: '/recycling-list' })}
              data-testid="recycle-bin"
            >
              {t('recipes.actions.recycleBin', { count: binCount.data ?? 0 })}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileExport size={14} />}
              onClick={() =>
                void startRecipeExport({ filter: { ...applied, ...fixed } }).catch(() => undefined)
              }
              data-testid="export-all"
            >
              {t('jobs.recipes.exportAll')}
            </Button>
            <Can permission="recipe.edit">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileImport size={14} />}
                onClick={() => openImportDialog(refresh)}
                data-testid="import"
              >
                {t('jobs.recipes.import')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconLink size={14} />}
                onClick={() => void navigate({ to: '/recipe-model' })}
                data-testid="link-models"
              >
                {t('recipes.actions.linkModels')}
              </Button>
              <AddButton to="/recipe-add" />
            </Can>
          </>
        )
      }
    />
  );
}
