import { RECIPE_SORT_FIELDS, RECIPE_TYPES } from '@kb/contracts';
import { MultiSelect } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchAction } from '../../../components/batch-actions.js';
import { ListPage } from '../../../components/list-page.js';
import { notifyWarning } from '../../../lib/notify.js';
import { fetchRecipePage, runRecipeBatch } from '../api/recipe-commands.js';
import { RECIPE_BATCH_PERMISSIONS } from '../rules/recipe-actions.js';
import { useBrandModelOptions } from '../../../lib/lookups.js';
import { RECIPES_KEY, type RecipeListItem } from '../api/recipe-list.js';
import { StatusBadge } from '../components/recipe-cells.js';

interface ModelFilters extends Record<string, unknown> {
  number: string;
  name: string;
  type: string | null;
  productCode: string | null;
}

/**
 * §2 /recipe-model: link models to (or unlink them from) many recipes at once. Allowed on every live recipe
 * (the decider's table); unlinking the last model of a submitted or released recipe is refused per recipe.
 */
export function RecipeModelPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const models = useBrandModelOptions();
  const [chosen, setChosen] = useState<string[]>([]);
  const action = (key: string, label: string, route: 'batchRelModel' | 'batchDeleteModel') =>
    ({
      key,
      label,
      permission: RECIPE_BATCH_PERMISSIONS[route],
      run: async (rows) => {
        if (chosen.length === 0) {
          notifyWarning(t('recipes.models.chooseFirst'));
          return;
        }
        const outcome = await runRecipeBatch(
          route,
          rows.map((r) => r.id),
          { productCodes: chosen },
        );
        void queryClient.invalidateQueries({ queryKey: RECIPES_KEY });
        return outcome;
      },
    }) satisfies BatchAction<RecipeListItem>;
  return (
    <ListPage<RecipeListItem, ModelFilters>
      queryKey={[...RECIPES_KEY, 'models-screen']}
      fetchPage={(q, signal) => fetchRecipePage(q, signal)}
      sortFields={RECIPE_SORT_FIELDS}
      views="recipeModel"
      initialFilters={{ number: '', name: '', type: null, productCode: null }}
      filters={[
        { name: 'number', label: t('recipes.fields.number'), kind: 'text' },
        { name: 'name', label: t('recipes.fields.name'), kind: 'text' },
        {
          name: 'type',
          label: t('recipes.fields.type'),
          kind: 'select',
          options: RECIPE_TYPES.map((type) => ({ value: type, label: t(`recipes.type.${type}`) })),
        },
        { name: 'productCode', label: t('recipes.fields.model'), kind: 'select', options: models },
      ]}
      idAccessor="id"
      columns={[
        { accessor: 'number', title: t('recipes.fields.number') },
        { accessor: 'name', title: t('recipes.fields.name') },
        {
          accessor: 'status',
          title: t('recipes.fields.status'),
          render: (r) => <StatusBadge status={r.status} />,
        },
        {
          accessor: 'productCodes',
          title: t('recipes.fields.model'),
          render: (r) =>
            r.productCodes.map((code) => models.find((m) => m.value === code)?.label ?? code).join(', '),
        },
      ]}
      batchActions={[
        action('link', t('recipes.models.link'), 'batchRelModel'),
        action('unlink', t('recipes.models.unlink'), 'batchDeleteModel'),
      ]}
      toolbar={
        <MultiSelect
          placeholder={t('recipes.models.choose')}
          aria-label={t('recipes.models.choose')}
          data={models}
          value={chosen}
          onChange={setChosen}
          w={320}
          size="xs"
          data-testid="models-choice"
        />
      }
    />
  );
}
