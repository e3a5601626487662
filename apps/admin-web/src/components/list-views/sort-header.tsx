import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ariaSort, nextSort, type ListSort } from './list-sort-logic.js';

/**
 * A sortable column's title: a button that cycles the column's sort, with an arrow showing it. The header cell
 * it sits in carries `aria-sort` (set on the cell, where assistive technology reads it).
 */
export function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: string;
  label: ReactNode;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
}) {
  const { t } = useTranslation();
  const state = ariaSort(sort, field);
  const column = typeof label === 'string' ? label : field;
  const icon =
    state === 'ascending' ? (
      <IconArrowUp size={14} aria-hidden />
    ) : state === 'descending' ? (
      <IconArrowDown size={14} aria-hidden />
    ) : (
      <IconArrowsSort size={14} aria-hidden opacity={0.45} />
    );
  return (
    <UnstyledButton
      ref={(el: HTMLButtonElement | null) => el?.closest('th')?.setAttribute('aria-sort', state)}
      onClick={() => onSort(nextSort(sort, field))}
      data-sort-field={field}
      data-sort={state}
      title={
        state === 'ascending'
          ? t('listViews.sortedAsc', { column })
          : state === 'descending'
            ? t('listViews.sortedDesc', { column })
            : t('listViews.sortBy', { column })
      }
      fz="inherit"
      fw="inherit"
    >
      <Group gap={4} wrap="nowrap">
        <span>{label}</span>
        {icon}
      </Group>
    </UnstyledButton>
  );
}
