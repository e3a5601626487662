import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../components/list-page.js';
import { useBrandModelOptions, useSubBrandOptions } from '../../../lib/lookups.js';
import { useOnlineOptions } from './device-cells.js';

/** The filters a list of devices (the brand's devices, the test devices) offers on a device's own fields. */
interface DeviceFilterFields {
  sn: string;
  subBrandCode: string | null;
  productCode: string | null;
  online: string | null;
}

/** The device filters the device list and the test-device list share: the same field, words and choices. */
export function useDeviceFilterFields<F extends DeviceFilterFields>() {
  const { t } = useTranslation();
  const subBrands = useSubBrandOptions();
  const products = useBrandModelOptions();
  const onlineOptions = useOnlineOptions();
  return {
    sn: { name: 'sn', label: t('devices.fields.sn'), kind: 'text' },
    subBrandCode: {
      name: 'subBrandCode',
      label: t('devices.fields.subBrand'),
      kind: 'select',
      options: subBrands,
    },
    productCode: {
      name: 'productCode',
      label: t('devices.fields.product'),
      kind: 'select',
      options: products,
    },
    online: { name: 'online', label: t('devices.fields.online'), kind: 'select', options: onlineOptions },
  } satisfies Record<keyof DeviceFilterFields, FilterField<F>>;
}

/** The device's product: its name, or its code where the brand has not named it. */
export function productColumn<T extends { productName?: string | null; productCode?: string | null }>(
  title: string,
): DataTableColumn<T> {
  return { accessor: 'productName', title, render: (d) => d.productName ?? d.productCode };
}
