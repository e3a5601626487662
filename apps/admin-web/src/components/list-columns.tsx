import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { formatTime } from '../lib/format.js';

// Columns that list screens share.

/** A moment of the record, to the minute, on one line. */
export function timeColumn<T>(accessor: keyof T & string, title: string): DataTableColumn<T> {
  return {
    accessor,
    title,
    noWrap: true,
    render: (r) => formatTime(r[accessor] as string | null | undefined),
  };
}

/** The row's buttons, the last column (never sorted, chosen or kept in a view: ListPage knows it by its accessor). */
export function actionsColumn<T>(
  t: TFunction,
  render: (record: T) => ReactNode,
  width?: number,
): DataTableColumn<T> {
  return { accessor: 'actions', title: t('common.actions'), ...(width ? { width } : {}), render };
}
