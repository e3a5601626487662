import type { TestDevice } from '@kb/contracts';
import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button.js';
import { ListPage } from '../../../components/list-page.js';
import { testDeviceList, useDeleteTestDevices, type TestDeviceFilter } from '../api/test-devices.js';
import { OnlineBadge } from '../components/device-cells.js';
import { productColumn, useDeviceFilterFields } from '../components/device-list-fields.js';
import { batchDeleteAction, RowDeleteButton } from '../../../components/delete-actions.js';
import { actionsColumn, linkColumn, timeColumn } from '../../../components/record-columns.js';

/** §2 /test-device-list: the devices that receive test APKs and test offline packs. */
export function TestDeviceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteTestDevices();
  const device = useDeviceFilterFields<TestDeviceFilter>();
  return (
    <ListPage<TestDevice, TestDeviceFilter>
      {...testDeviceList}
      filters={[device.sn, device.subBrandCode, device.productCode, device.online]}
      idAccessor="id"
      columns={[
        linkColumn('sn', t('devices.fields.sn'), '/test-device-detail', { testId: 'test-device-sn' }),
        { accessor: 'subModel', title: t('devices.fields.subModel') },
        { accessor: 'subBrandName', title: t('devices.fields.subBrand') },
        productColumn(t('devices.fields.product')),
        { accessor: 'apkVersion', title: t('devices.fields.apkVersion') },
        {
          accessor: 'online',
          title: t('devices.fields.online'),
          render: (d) => <OnlineBadge online={d.online} />,
        },
        timeColumn('lastConnectAt', t('devices.fields.lastConnectAt'), true),
        { accessor: 'remark', title: t('devices.test.remark'), width: 220 },
        timeColumn('createdAt', t('devices.test.createdAt')),
        actionsColumn(t, (d) => (
          <>
            <Button
              size="xs"
              variant="subtle"
              data-testid="row-edit"
              onClick={() => void navigate({ to: '/test-device-edit', search: { id: d.id } })}
            >
              {t('common.edit')}
            </Button>
            <RowDeleteButton permission="testDevice.edit" onConfirm={() => remove.mutateAsync([d.id])} />
          </>
        )),
      ]}
      batchActions={[batchDeleteAction(t, 'testDevice.edit', remove.mutateAsync)]}
      toolbar={<AddButton permission="testDevice.edit" to="/test-device-add" label={t('devices.test.add')} />}
    />
  );
}
