import { ONLINE_CATEGORY_SORT_FIELDS, type OnlineCategory } from '@kb/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button.js';
import { ListPage } from '../../../components/list-page.js';
import { fetchOnlineCategoryPage, ONLINE_KEY, useDeleteOnlineCategories } from '../api/online-categories.js';
import { Thumbnail } from '../../../components/reference/record-image.js';
import { batchDeleteAction, RowDeleteButton } from '../../../components/delete-actions.js';
import { actionsColumn } from '../../../components/record-columns.js';
import { RowActionButtons } from '../../../components/row-action-buttons.js';

/** A category's own screens, opened from its row. */
const ROW_SCREENS = { detail: '/online-cate/detail', recipes: '/online-cate/recipeList' } as const;
const ROW_SCREEN_ACTIONS = ['detail', 'recipes'] as const;

/** §2 /online-cate/list: the categories the app shows for online recipes, each with its ordered recipes. */
export function OnlineCateListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteOnlineCategories();
  return (
    <ListPage<OnlineCategory, { name: string }>
      queryKey={[...ONLINE_KEY, 'list']}
      fetchPage={(q, signal) => fetchOnlineCategoryPage(q, signal)}
      sortFields={ONLINE_CATEGORY_SORT_FIELDS}
      views="onlineCategory"
      initialFilters={{ name: '' }}
      filters={[{ name: 'name', label: t('reference.fields.name'), kind: 'text' }]}
      idAccessor="id"
      columns={[
        {
          accessor: 'pictureFileCode',
          title: t('reference.fields.picture'),
          width: 72,
          render: (c) => <Thumbnail fileCode={c.pictureFileCode} alt={c.name} />,
        },
        { accessor: 'name', title: t('reference.fields.name') },
        { accessor: 'sort', title: t('reference.fields.sort') },
        { accessor: 'recipeCount', title: t('catalog.fields.recipeCount') },
        actionsColumn(t, (c) => (
          <>
            <RowActionButtons
              actions={ROW_SCREEN_ACTIONS}
              labels={{ detail: 'catalog.online.detail', recipes: 'catalog.online.recipes' }}
              onAction={(action) => void navigate({ to: ROW_SCREENS[action], search: { id: c.id } })}
            />
            <RowDeleteButton permission="onlineCategory.edit" onConfirm={() => remove.mutateAsync([c.id])} />
          </>
        )),
      ]}
      batchActions={[batchDeleteAction(t, 'onlineCategory.edit', remove.mutateAsync)]}
      toolbar={<AddButton permission="onlineCategory.edit" to="/online-cate/add" />}
    />
  );
}
