import type { Page } from '@kb/contracts';
import { Paper, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager.js';

/** One part of the user detail: a titled table of 10 rows a page, with the shared pager. */
export function PagedSection<T>({
  title,
  testId,
  queryKey,
  fetchPage,
  columns,
  idAccessor,
}: {
  title: string;
  testId: string;
  /** Cache key of the part (the page number is appended). */
  queryKey: readonly unknown[];
  fetchPage: (pageNum: number, signal: AbortSignal) => Promise<Page<T>>;
  columns: DataTableColumn<T>[];
  idAccessor: keyof T & string;
}) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({
    queryKey: [...queryKey, pageNum],
    queryFn: ({ signal }) => fetchPage(pageNum, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Paper withBorder p="lg" radius="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        <DataTable<T>
          records={page.data?.list ?? []}
          columns={columns}
          idAccessor={idAccessor}
          fetching={page.isFetching}
          minHeight={page.data?.list.length ? undefined : 120}
          noRecordsText={t('components.noRecords')}
          withTableBorder
          striped
        />
        <Pager
          total={page.data?.total ?? 0}
          pageNum={pageNum}
          pageSize={10}
          onChange={(n) => setPageNum(n)}
        />
      </Stack>
    </Paper>
  );
}
