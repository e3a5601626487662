import type { Accessory } from '@kb/contracts';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.js';
import { Can } from '../../../components/can.js';
import { accessoryRoute } from '../api/accessories.js';
import { fetchRecordPage, useDeleteRecords } from '../api/reference-records.js';
import { useBrandLanguages } from '../components/brand-languages.js';
import { formatTime } from '../components/format.js';
import { NO_FILTER, useReferenceFilters, type NumberNameLangFilter } from '../components/language-filter.js';
import { Thumbnail } from '../components/record-image.js';
import { RowActions } from '../components/row-actions.js';

/** §2 /fitting-list: the brand's accessory library. */
export function FittingListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const languages = useBrandLanguages();
  const filters = useReferenceFilters(languages);
  const remove = useDeleteRecords(accessoryRoute);
  const edit = (id: string) => void navigate({ to: '/fitting-edit', search: { id } });
  return (
    <ListPage<Accessory, NumberNameLangFilter>
      queryKey={[...accessoryRoute.key, 'list']}
      fetchPage={(q, signal) => fetchRecordPage<Accessory>(accessoryRoute, q, signal)}
      initialFilters={NO_FILTER}
      filters={filters}
      idAccessor="id"
      columns={[
        {
          accessor: 'photoFileCode',
          title: t('catalog.fields.photo'),
          width: 80,
          render: (a) => <Thumbnail fileCode={a.photoFileCode} alt={a.name} />,
        },
        { accessor: 'number', title: t('catalog.fields.number') },
        { accessor: 'name', title: t('catalog.fields.name') },
        {
          accessor: 'type',
          title: t('catalog.fields.type'),
          render: (a) => t(`catalog.accessoryTypes.${a.type}`),
        },
        { accessor: 'code', title: t('catalog.fields.code') },
        { accessor: 'accessoryCode', title: t('catalog.fields.accessoryCode') },
        {
          accessor: 'updatedAt',
          title: t('catalog.fields.updatedAt'),
          render: (a) => formatTime(a.updatedAt),
        },
        {
          accessor: 'actions',
          title: t('common.actions'),
          render: (a) => (
            <RowActions
              permission="accessory.edit"
              onEdit={() => edit(a.id)}
              onDelete={() => remove.mutateAsync([a.id])}
            />
          ),
        },
      ]}
      batchActions={[
        {
          key: 'edit',
          permission: 'accessory.edit',
          label: t('common.edit'),
          single: true,
          run: async ([a]) => {
            if (a) edit(a.id);
          },
        },
        {
          key: 'delete',
          permission: 'accessory.edit',
          label: t('common.delete'),
          color: 'red',
          confirm: 'batchDelete',
          run: async (rows) => {
            await remove.mutateAsync(rows.map((a) => a.id));
          },
        },
      ]}
      toolbar={
        <Can permission="accessory.edit">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => void navigate({ to: '/fitting-add' })}
            data-testid="add"
          >
            {t('common.add')}
          </Button>
        </Can>
      }
    />
  );
}
