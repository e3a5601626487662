import type { Permission } from '@kb/contracts';
import { Group, Table } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { formatTime } from '../lib/format.js';
import type { ScreenPath } from '../lib/screen.js';
import type { BatchOutcome } from './batch-actions.js';
import { AnchorLink } from './anchor-link.js';
import { RowDeleteButton } from './delete-actions.js';
import { Thumbnail } from './reference/record-image.js';

// Columns, filter choices and batch runs that list screens share, and a plain table's header row. The build keeps this module out of the
// console's shared chunk, so a screen that uses none of them (the recipe library, under its weight budget) does
// not load them.

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

/** A moment of the record, to the minute (or the second), on one line. */
export function timeColumn<T>(
  accessor: keyof T & string,
  title: string,
  withSeconds = false,
): DataTableColumn<T> {
  return {
    accessor,
    title,
    noWrap: true,
    render: (r) => formatTime(r[accessor] as string | null | undefined, withSeconds),
  };
}

/**
 * The row's buttons, the last column (never sorted, chosen or kept in a view: ListPage knows it by its accessor),
 * side by side on one line; a click on them does not reach the row.
 */
export function actionsColumn<T>(
  t: TFunction,
  render: (record: T) => ReactNode,
  width?: number,
): DataTableColumn<T> {
  return {
    accessor: 'actions',
    title: t('common.actions'),
    ...(width ? { width } : {}),
    render: (record) => (
      <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
        {render(record)}
      </Group>
    ),
  };
}

/**
 * A list's column naming the record by a link to a screen with one record (`to`): its own detail, or by `id` its
 * user, its device, its recipe. The text is the record's value of the column unless `text` says one; `testId` is
 * the link's test id.
 */
export function linkColumn<T extends { id: string }>(
  accessor: keyof T & string,
  title: string,
  to: ScreenPath,
  { id = (record) => record.id, text, testId }: LinkOptions<T> = {},
): DataTableColumn<T> {
  return {
    accessor,
    title,
    render: (record) => (
      // `to` is checked as a ScreenPath where the column is declared; the link's own type wants one literal path.
      <AnchorLink size="sm" to={to as never} search={{ id: id(record) } as never} data-testid={testId}>
        {text ? text(record) : String(record[accessor])}
      </AnchorLink>
    ),
  };
}

interface LinkOptions<T> {
  id?: (record: T) => string;
  text?: (record: T) => string;
  testId?: string;
}

/** The actions column of a list whose one row action is Delete: `remove` gets the row's id. */
export function deleteColumn<T extends { id: string }>(
  t: TFunction,
  permission: Permission,
  remove: (ids: string[]) => Promise<unknown>,
): DataTableColumn<T> {
  return actionsColumn<T>(t, (r) => (
    <RowDeleteButton permission={permission} onConfirm={() => remove([r.id])} />
  ));
}

/** A plain table's header row: each column's title, or its title and width. */
export function TableHead({ columns }: { columns: (ReactNode | { title: ReactNode; w: number })[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c, i) =>
          c !== null && typeof c === 'object' && 'w' in c ? (
            <Table.Th key={i} w={c.w}>
              {c.title}
            </Table.Th>
          ) : (
            <Table.Th key={i}>{c}</Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A batch action's run: the command on the selected records' ids, then `after` (the list's refresh), and the
 * command's outcome for the bar to report.
 */
export function onSelectedIds<T extends { id: string }>(
  command: (ids: string[]) => Promise<BatchOutcome>,
  after: () => void,
): (records: T[]) => Promise<BatchOutcome> {
  return async (records) => {
    const outcome = await command(records.map((r) => r.id));
    after();
    return outcome;
  };
}

/** A yes/no filter's two choices, sent as `true`/`false`, in the words the filter asks them in. */
export function yesNoOptions(yes: string, no: string) {
  return [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
}
