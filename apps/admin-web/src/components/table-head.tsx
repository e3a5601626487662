import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

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
