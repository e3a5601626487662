import { ONLINE_CATEGORY_SORT_FIELDS, type OnlineCategory } from '@kb/contracts';
import { Button, Group } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button.js';
import { ListPage } from '../../../components/list-page.js';
import { fetchOnlineCategoryPage, ONLINE_KEY, useDeleteOnlineCategories } from '../api/online-categories.js';
import { Thumbnail } from '../../../components/reference/record-image.js';
import { batchDeleteAction, RowDeleteButton } from '../../../components/delete-actions.js';
import { actionsColumn } from '../../../components/record-columns.js';

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
          <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => void navigate({ to: '/online-cate/detail', search: { id: c.id } })}
              data-testid="row-detail"
            >
              {t('catalog.online.detail')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => void navigate({ to: '/online-cate/recipeList', search: { id: c.id } })}
              data-testid="row-recipes"
            >
              {t('catalog.online.recipes')}
            </Button>
            <RowDeleteButton permission="onlineCategory.edit" onConfirm={() => remove.mutateAsync([c.id])} />
          </Group>
        )),
      ]}
      batchActions={[
        batchDeleteAction(t, (rows) => remove.mutateAsync(rows.map((c) => c.id)), 'onlineCategory.edit'),
      ]}
      toolbar={<AddButton permission="onlineCategory.edit" to="/online-cate/add" />}
    />
  );
}
