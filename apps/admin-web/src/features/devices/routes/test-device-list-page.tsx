import type { TestDevice } from '@kb/contracts';
import { Button, Group } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button.js';
import { ListPage } from '../../../components/list-page.js';
import { useBrandModelOptions, useSubBrandOptions } from '../../../lib/lookups.js';
import { testDeviceList, useDeleteTestDevices, type TestDeviceFilter } from '../api/test-devices.js';
import { OnlineBadge, useOnlineOptions } from '../components/device-cells.js';
import { formatTime } from '../../../lib/format.js';
import { batchDeleteAction, RowDeleteButton } from '../../../components/delete-actions.js';
import { actionsColumn, linkColumn } from '../../../components/record-columns.js';

/** §2 /test-device-list: the devices that receive test APKs and test offline packs. */
export function TestDeviceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteTestDevices();
  const subBrands = useSubBrandOptions();
  const products = useBrandModelOptions();
  const onlineOptions = useOnlineOptions();
  return (
    <ListPage<TestDevice, TestDeviceFilter>
      {...testDeviceList}
      filters={[
        { name: 'sn', label: t('devices.fields.sn'), kind: 'text' },
        { name: 'subBrandCode', label: t('devices.fields.subBrand'), kind: 'select', options: subBrands },
        { name: 'productCode', label: t('devices.fields.product'), kind: 'select', options: products },
        { name: 'online', label: t('devices.fields.online'), kind: 'select', options: onlineOptions },
      ]}
      idAccessor="id"
      columns={[
        linkColumn('sn', t('devices.fields.sn'), (d) => ({
          to: '/test-device-detail',
          id: d.id,
          testId: 'test-device-sn',
        })),
        { accessor: 'subModel', title: t('devices.fields.subModel') },
        { accessor: 'subBrandName', title: t('devices.fields.subBrand') },
        {
          accessor: 'productName',
          title: t('devices.fields.product'),
          render: (d) => d.productName ?? d.productCode,
        },
        { accessor: 'apkVersion', title: t('devices.fields.apkVersion') },
        {
          accessor: 'online',
          title: t('devices.fields.online'),
          render: (d) => <OnlineBadge online={d.online} />,
        },
        {
          accessor: 'lastConnectAt',
          title: t('devices.fields.lastConnectAt'),
          render: (d) => formatTime(d.lastConnectAt, true),
        },
        { accessor: 'remark', title: t('devices.test.remark'), width: 220 },
        { accessor: 'createdAt', title: t('devices.test.createdAt'), render: (d) => formatTime(d.createdAt) },
        actionsColumn(t, (d) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              data-testid="row-edit"
              onClick={() => void navigate({ to: '/test-device-edit', search: { id: d.id } })}
            >
              {t('common.edit')}
            </Button>
            <RowDeleteButton permission="testDevice.edit" onConfirm={() => remove.mutateAsync([d.id])} />
          </Group>
        )),
      ]}
      batchActions={[
        batchDeleteAction(t, (rows) => remove.mutateAsync(rows.map((d) => d.id)), 'testDevice.edit'),
      ]}
      toolbar={<AddButton permission="testDevice.edit" to="/test-device-add" label={t('devices.test.add')} />}
    />
  );
}
