import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.js';
import { showInPage } from '../lib/notify.js';
import { useRecordId, useRecordTitle } from '../lib/page-context.js';

/** What a user calls a record: its number, version number, serial number or (single-language) name. */
function defaultRecordTitle(record: unknown): string | undefined {
  if (!record || typeof record !== 'object') return undefined;
  const r = record as Record<string, unknown>;
  for (const field of ['number', 'versionNumber', 'sn', 'name', 'title', 'label']) {
    const value = r[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/**
 * A record page's body: a loader while the record comes, the §8 message (e.g. "device does not exist") when
 * there is no such record — no id, a malformed one, or one the brand does not have — else the record.
 */
export function RecordState<T>({
  id,
  query,
  notFound,
  title = defaultRecordTitle,
  children,
}: {
  id: string | undefined;
  query: UseQueryResult<T>;
  /** What to say when there is no such record (default: §8 "record does not exist"). */
  notFound?: string;
  /** The record's name in the tab title (default: its number, version number, serial number, name or label). */
  title?: (record: T) => string | null | undefined;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  useRecordTitle(query.data ? title(query.data) : undefined);
  // The failure is said here, in the page: not a second time in a toast.
  showInPage(query.error, query.failureReason);
  if (!id || query.isError) {
    notFound ??= t('messages.recordNotFound');
    const error = query.error;
    const missing = !id || (error instanceof ApiError && [400, 403, 404].includes(error.status));
    return (
      <Alert color="red" icon={<IconAlertCircle />} data-testid="record-load-failed">
        {missing ? notFound : (error?.message ?? notFound)}
      </Alert>
    );
  }
  if (!query.data)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  return <>{children(query.data)}</>;
}

/**
 * How an edit page of an event-sourced record draws its form afresh: `reload()` asks for the record again (after a
 * save); `reload(revision)` asks again, briefly, until the read model shows a revision newer than the one the form
 * was opened on (after a version conflict, the other save may still be on its way to the read model). Then
 * `generation` changes: the form's key carries it.
 */
export function useRevisionReload<T extends { revision: number }>(
  refetch: () => Promise<{ data?: T | undefined }>,
): { generation: number; reload: (newerThan?: number) => Promise<void> } {
  const [generation, setGeneration] = useState(0);
  const reload = async (newerThan?: number) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { data } = await refetch();
      if (newerThan === undefined || (data && data.revision > newerThan)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    setGeneration((g) => g + 1);
  };
  return { generation, reload };
}

/**
 * The body of an edit page that loads its record by the page's `?id=` (RecordState's loader and messages) and
 * draws its form with it; `reload` loads the latest version and draws the form afresh from it (after a version
 * conflict).
 */
export function RecordLoader<T, K extends QueryKey>({
  query,
  children,
}: {
  query: (id: string) => UseQueryOptions<T, Error, T, K>;
  children: (record: T, reload: () => Promise<void>) => ReactNode;
}) {
  const id = useRecordId();
  const [generation, setGeneration] = useState(0);
  const detail = useQuery({ ...query(id ?? ''), enabled: !!id });
  const reload = async () => {
    await detail.refetch();
    setGeneration((g) => g + 1);
  };
  return (
    <RecordState id={id} query={detail}>
      {(record) => <Fragment key={generation}>{children(record, reload)}</Fragment>}
    </RecordState>
  );
}
