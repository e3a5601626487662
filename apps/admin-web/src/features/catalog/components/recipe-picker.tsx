import { Alert, Modal, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.js';
import { recipePickerQuery, type RecipeSummary } from '../api/recipes.js';
import { RecipeStatusBadge } from './recipe-cells.js';

/**
 * Chooses recipes from the recipe library (`GET /api/recipe/list`) to add to an online category. When the
 * library does not answer, the list stays empty and says so — nothing is made up.
 */
export function RecipePicker({
  opened,
  onClose,
  onAdd,
  already,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (recipeIds: string[]) => Promise<unknown>;
  /** Recipes the category has already (not offered again). */
  already: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [unavailable, setUnavailable] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={t('catalog.online.pickerTitle')}>
      <Stack gap="sm" data-testid="recipe-picker">
        {unavailable && (
          <Alert color="gray" icon={<IconInfoCircle />} data-testid="picker-unavailable">
            {t('catalog.online.pickerUnavailable')}
          </Alert>
        )}
        <ListPage<RecipeSummary, { name: string }>
          queryKey={['catalog', 'recipe-picker-page']}
          fetchPage={async (q) => {
            try {
              const page = await queryClient.fetchQuery(recipePickerQuery(q));
              setUnavailable(false);
              return page;
            } catch {
              setUnavailable(true);
              return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
            }
          }}
          initialFilters={{ name: '' }}
          filters={[{ name: 'name', label: t('catalog.online.pickerSearch'), kind: 'text' }]}
          idAccessor="id"
          columns={[
            { accessor: 'number', title: t('catalog.fields.number') },
            { accessor: 'name', title: t('catalog.fields.name') },
            {
              accessor: 'status',
              title: t('catalog.online.status'),
              render: (r) => <RecipeStatusBadge status={r.status} />,
            },
            {
              accessor: 'linked',
              title: '',
              render: (r) => (already.has(r.id) ? '✓' : ''),
            },
          ]}
          batchActions={[
            {
              key: 'add-recipes',
              label: t('catalog.online.addRecipes'),
              run: async (rows) => {
                const recipeIds = rows.filter((r) => !already.has(r.id)).map((r) => r.id);
                if (recipeIds.length > 0) await onAdd(recipeIds);
                onClose();
              },
            },
          ]}
        />
      </Stack>
    </Modal>
  );
}
