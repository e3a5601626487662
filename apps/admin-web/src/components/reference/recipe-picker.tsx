import { Alert, Modal, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../list-page.js';
import { recipeChoicesQuery, type RecipeSummary } from '../../lib/lookups.js';
import { recipeSummaryColumns } from './recipe-cells.js';

/**
 * Chooses recipes from the recipe library (`GET /api/recipe/list`) to link to a record (an online category, a
 * banner, a themed group). When the library does not answer, the list stays empty and says so — nothing is made up.
 */
export function RecipePicker({
  opened,
  onClose,
  onAdd,
  already,
  status,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (recipeIds: string[]) => Promise<unknown>;
  /** Recipes the category has already (not offered again). */
  already: ReadonlySet<string>;
  /** Offers only recipes in this status (e.g. `released`: what the app may show). */
  status?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [unavailable, setUnavailable] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={t('reference.recipes.pickerTitle')}>
      <Stack gap="sm" data-testid="recipe-picker">
        {unavailable && (
          <Alert color="gray" icon={<IconInfoCircle />} data-testid="picker-unavailable">
            {t('reference.recipes.pickerUnavailable')}
          </Alert>
        )}
        <ListPage<RecipeSummary, { name: string }>
          queryKey={['reference', 'recipe-picker', status ?? 'any']}
          fetchPage={async (q) => {
            try {
              const page = await queryClient.fetchQuery(recipeChoicesQuery({ ...q, status }));
              setUnavailable(false);
              return page;
            } catch {
              setUnavailable(true);
              return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
            }
          }}
          initialFilters={{ name: '' }}
          filters={[{ name: 'name', label: t('reference.recipes.pickerSearch'), kind: 'text' }]}
          idAccessor="id"
          columns={[
            ...recipeSummaryColumns<RecipeSummary>(t),
            {
              accessor: 'linked',
              title: '',
              render: (r) => (already.has(r.id) ? '✓' : ''),
            },
          ]}
          batchActions={[
            {
              key: 'add-recipes',
              label: t('reference.recipes.addRecipes'),
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
