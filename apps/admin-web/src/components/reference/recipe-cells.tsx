import { Badge, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/translate.js';
import { recipeSummaryQuery } from '../../lib/lookups.js';

/** A recipe's status in the user's language. */
export function RecipeStatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="light">
      {translateKey(`reference.recipeStatus.${status}`) ?? status}
    </Badge>
  );
}

/** A recipe's number, name and status: the columns of the lists that show recipes to link or linked. */
export function recipeSummaryColumns<T extends { number: string; name: string; status: string }>(
  t: TFunction,
): DataTableColumn<T>[] {
  return [
    { accessor: 'number', title: t('reference.fields.number') },
    { accessor: 'name', title: t('reference.fields.name') },
    {
      accessor: 'status',
      title: t('reference.recipes.status'),
      render: (r) => <RecipeStatusBadge status={r.status} />,
    },
  ];
}

/**
 * One field of a recipe a category links (by id). Cells of the same recipe share one load; a recipe that no
 * longer exists shows its id and says so.
 */
export function RecipeCell({ id, field }: { id: string; field: 'number' | 'name' | 'status' }) {
  const { t } = useTranslation();
  const recipe = useQuery(recipeSummaryQuery(id));
  if (recipe.isPending) return <Skeleton height={14} width={80} />;
  if (!recipe.data) {
    if (field === 'number') return <Text size="sm">{id}</Text>;
    if (field === 'name')
      return (
        <Text size="sm" c="dimmed">
          {t('reference.recipes.recipeMissing')}
        </Text>
      );
    return null;
  }
  if (field === 'status') return <RecipeStatusBadge status={recipe.data.status} />;
  return <>{recipe.data[field]}</>;
}
