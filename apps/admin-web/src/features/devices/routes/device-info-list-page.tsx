import type { DeviceRow, DeviceStatus } from '@kb/contracts';
import { Group, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.js';
import {
  deviceList,
  deviceStatusQuery,
  exportDevices,
  useDeleteDevices,
  type DeviceFilter,
} from '../api/device-list.js';
import { useLiveRefresh } from '../../../lib/live-events.js';
import { DEVICES_KEY } from '../api/devices-key.js';
import { OnlineBadge } from '../components/device-cells.js';
import { productColumn, useDeviceFilterFields } from '../components/device-list-fields.js';
import { formatDate, formatTime } from '../../../lib/format.js';
import { batchDeleteAction } from '../../../components/delete-actions.js';
import { deleteColumn, linkColumn } from '../../../components/record-columns.js';

/** The columns whose sort is by the code behind the name shown. */
const SORT_BY_COLUMN = { subBrandName: 'subBrandCode', productName: 'productCode' };

/**
 * §2 /device-info-list: the brand's devices with every §3 column and filter, the shared pager (next pages by
 * keyset cursor), batch delete, and the online state of the rows on screen refreshed every few seconds.
 */
export function DeviceInfoListPage() {
  const { t } = useTranslation();
  const remove = useDeleteDevices();
  const device = useDeviceFilterFields<DeviceFilter>();
  const [onScreen, setOnScreen] = useState<string[]>([]);
  const live = useQuery(deviceStatusQuery(onScreen));
  useLiveRefresh('device', [...DEVICES_KEY, 'status']);
  const liveState = live.data;
  const mutateRemove = remove.mutateAsync;
  // Memoised: the rows are drawn again when they or their live state change, not when a filter's options arrive.
  const columns = useMemo((): DataTableColumn<DeviceRow>[] => {
    // The newest of what the list and the status poll said about a row.
    const state = (row: DeviceRow): Pick<DeviceStatus, 'online' | 'lastConnectAt' | 'ip'> =>
      liveState?.get(row.id) ?? row;
    return [
      linkColumn('sn', t('devices.fields.sn'), '/device-info-detail', { testId: 'device-sn' }),
      { accessor: 'subModel', title: t('devices.fields.subModel') },
      {
        accessor: 'activatedAt',
        title: t('devices.fields.activatedAt'),
        noWrap: true,
        render: (d) => formatDate(d.activatedAt),
      },
      {
        accessor: 'online',
        title: t('devices.fields.online'),
        render: (d) => <OnlineBadge online={state(d).online} />,
      },
      { accessor: 'ip', title: t('devices.fields.ip'), render: (d) => state(d).ip },
      {
        accessor: 'lastConnectAt',
        title: t('devices.fields.lastConnectAt'),
        noWrap: true,
        render: (d) => formatTime(state(d).lastConnectAt, true),
      },
      {
        accessor: 'subBrandName',
        title: t('devices.fields.subBrand'),
        render: (d) => d.subBrandName ?? d.subBrandCode,
      },
      productColumn(t('devices.fields.product')),
      { accessor: 'apkVersion', title: t('devices.fields.apkVersion') },
      { accessor: 'mcuVersion', title: t('devices.fields.mcuVersion') },
      { accessor: 'tpVersion', title: t('devices.fields.tpVersion') },
      deleteColumn(t, 'device.edit', mutateRemove),
    ];
  }, [t, liveState, mutateRemove]);

  return (
    <ListPage<DeviceRow, DeviceFilter>
      {...deviceList}
      sortByColumn={SORT_BY_COLUMN}
      exportRows={exportDevices}
      fetchPage={async (q, signal) => {
        const page = await deviceList.fetchPage(q, signal);
        const ids = page.list.map((d) => d.id);
        setOnScreen((prev) => (prev.join() === ids.join() ? prev : ids));
        return page;
      }}
      filters={[
        device.sn,
        { name: 'subModel', label: t('devices.fields.subModel'), kind: 'text' },
        { name: 'activated', label: t('devices.fields.activatedAt'), kind: 'date-range' },
        device.online,
        { name: 'ip', label: t('devices.fields.ip'), kind: 'text' },
        { name: 'lastConnect', label: t('devices.fields.lastConnectAt'), kind: 'date-range' },
        device.subBrandCode,
        device.productCode,
        { name: 'apkVersion', label: t('devices.fields.apkVersion'), kind: 'text' },
        { name: 'mcuVersion', label: t('devices.fields.mcuVersion'), kind: 'text' },
        { name: 'tpVersion', label: t('devices.fields.tpVersion'), kind: 'text' },
      ]}
      idAccessor="id"
      columns={columns}
      batchActions={[batchDeleteAction(t, 'device.edit', remove.mutateAsync)]}
      toolbar={
        <Group gap={6} data-testid="device-live">
          <IconBroadcast size={14} color="var(--mantine-color-green-6)" />
          <Text size="xs" c="dimmed">
            {t('devices.live')}
          </Text>
        </Group>
      }
    />
  );
}
