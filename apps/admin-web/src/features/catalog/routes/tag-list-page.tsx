import type { RecipeTag } from '@kb/contracts';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.js';
import { Can } from '../../../components/can.js';
import { fetchRecordPage, useDeleteRecords } from '../api/reference-records.js';
import { tagRoute } from '../api/tags.js';
import { languageNames, useBrandLanguages } from '../components/brand-languages.js';
import { formatTime } from '../components/format.js';
import { LanguageBadges } from '../components/language-badges.js';
import { NO_FILTER, useReferenceFilters, type NumberNameLangFilter } from '../components/language-filter.js';
import { RowActions } from '../components/row-actions.js';

/** §2 /tag-list: the brand's tag (label) library. */
export function TagListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const languages = useBrandLanguages();
  const names = languageNames(languages);
  const filters = useReferenceFilters(languages);
  const remove = useDeleteRecords(tagRoute);
  const edit = (id: string) => void navigate({ to: '/tag-edit', search: { id } });
  return (
    <ListPage<RecipeTag, NumberNameLangFilter>
      queryKey={[...tagRoute.key, 'list']}
      fetchPage={(q, signal) => fetchRecordPage<RecipeTag>(tagRoute, q, signal)}
      initialFilters={NO_FILTER}
      filters={filters}
      idAccessor="id"
      columns={[
        { accessor: 'number', title: t('catalog.fields.number') },
        { accessor: 'name', title: t('catalog.fields.name') },
        {
          accessor: 'names',
          title: t('catalog.fields.languages'),
          render: (tag) => (
            <LanguageBadges names={tag.names} mainLang={languages?.[0]?.langCode} languageName={names} />
          ),
        },
        {
          accessor: 'updatedAt',
          title: t('catalog.fields.updatedAt'),
          render: (tag) => formatTime(tag.updatedAt),
        },
        {
          accessor: 'actions',
          title: t('common.actions'),
          render: (tag) => (
            <RowActions
              permission="tag.edit"
              onEdit={() => edit(tag.id)}
              onDelete={() => remove.mutateAsync([tag.id])}
            />
          ),
        },
      ]}
      batchActions={[
        {
          key: 'edit',
          permission: 'tag.edit',
          label: t('common.edit'),
          single: true,
          run: async ([tag]) => {
            if (tag) edit(tag.id);
          },
        },
        {
          key: 'delete',
          permission: 'tag.edit',
          label: t('common.delete'),
          color: 'red',
          confirm: 'batchDelete',
          run: async (rows) => {
            await remove.mutateAsync(rows.map((tag) => tag.id));
          },
        },
      ]}
      toolbar={
        <Can permission="tag.edit">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => void navigate({ to: '/tag-add' })}
            data-testid="add"
          >
            {t('common.add')}
          </Button>
        </Can>
      }
    />
  );
}
