import type { RecipeCategory } from '@kb/contracts';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.js';
import { Can } from '../../../components/can.js';
import { categoryRoute } from '../api/categories.js';
import { fetchRecordPage, useDeleteRecords } from '../api/reference-records.js';
import { languageNames, useBrandLanguages } from '../components/brand-languages.js';
import { formatTime } from '../components/format.js';
import { LanguageBadges } from '../components/language-badges.js';
import { NO_FILTER, useReferenceFilters, type NumberNameLangFilter } from '../components/language-filter.js';
import { Thumbnail } from '../components/record-image.js';
import { RowActions } from '../components/row-actions.js';

/** §2 /category-set-list: the brand's recipe categories. */
export function CategoryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const languages = useBrandLanguages();
  const names = languageNames(languages);
  const filters = useReferenceFilters(languages);
  const remove = useDeleteRecords(categoryRoute);
  const edit = (id: string) => void navigate({ to: '/category-set-edit', search: { id } });
  return (
    <ListPage<RecipeCategory, NumberNameLangFilter>
      queryKey={[...categoryRoute.key, 'list']}
      fetchPage={(q, signal) => fetchRecordPage<RecipeCategory>(categoryRoute, q, signal)}
      initialFilters={NO_FILTER}
      filters={filters}
      idAccessor="id"
      columns={[
        {
          accessor: 'pictureFileCode',
          title: t('catalog.fields.picture'),
          width: 72,
          render: (c) => <Thumbnail fileCode={c.pictureFileCode} alt={c.name} />,
        },
        { accessor: 'number', title: t('catalog.fields.number') },
        { accessor: 'name', title: t('catalog.fields.name') },
        {
          accessor: 'mainLang',
          title: t('catalog.fields.mainLang'),
          render: (c) => names.get(c.mainLang) ?? c.mainLang,
        },
        {
          accessor: 'names',
          title: t('catalog.fields.languages'),
          render: (c) => <LanguageBadges names={c.names} mainLang={c.mainLang} languageName={names} />,
        },
        { accessor: 'sort', title: t('catalog.fields.sort') },
        { accessor: 'recipeCount', title: t('catalog.fields.recipeCount') },
        {
          accessor: 'updatedAt',
          title: t('catalog.fields.updatedAt'),
          render: (c) => formatTime(c.updatedAt),
        },
        {
          accessor: 'actions',
          title: t('common.actions'),
          render: (c) => (
            <RowActions
              permission="category.edit"
              onEdit={() => edit(c.id)}
              onDelete={() => remove.mutateAsync([c.id])}
            />
          ),
        },
      ]}
      batchActions={[
        {
          key: 'edit',
          permission: 'category.edit',
          label: t('common.edit'),
          single: true,
          run: async ([c]) => {
            if (c) edit(c.id);
          },
        },
        {
          key: 'delete',
          permission: 'category.edit',
          label: t('common.delete'),
          color: 'red',
          confirm: 'batchDelete',
          run: async (rows) => {
            await remove.mutateAsync(rows.map((c) => c.id));
          },
        },
      ]}
      toolbar={
        <Can permission="category.edit">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => void navigate({ to: '/category-set-add' })}
            data-testid="add"
          >
            {t('common.add')}
          </Button>
        </Can>
      }
    />
  );
}
