import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { formatTime } from '../lib/format.js';
import { Thumbnail } from './reference/record-image.js';

// Columns that lists of named, dated records share (the catalog and content screens).

/** A record's (first) image as a thumbnail. */
export function thumbnailColumn<T extends { name: string }>(
  accessor: keyof T & string,
  title: string,
  fileCode: (record: T) => string | null | undefined,
): DataTableColumn<T> {
  return {
    accessor,
    title,
    width: 72,
    render: (r) => <Thumbnail fileCode={fileCode(r) ?? null} alt={r.name} />,
  };
}

export function updatedAtColumn<T extends { updatedAt: string }>(t: TFunction): DataTableColumn<T> {
  return {
    accessor: 'updatedAt',
    title: t('reference.fields.updatedAt'),
    render: (r) => formatTime(r.updatedAt),
  };
}
