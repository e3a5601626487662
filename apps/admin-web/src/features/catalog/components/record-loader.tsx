import { Alert, Center, Loader } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordId } from '../../../lib/page-context.js';

/**
 * Loads the record of an edit page (`?id=`) and draws its form with it. `reload` loads the latest version and
 * draws the form afresh from it (after a version conflict).
 */
export function RecordLoader<T, K extends QueryKey>({
  query,
  children,
}: {
  query: (id: string) => UseQueryOptions<T, Error, T, K>;
  children: (record: T, reload: () => Promise<void>) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useRecordId();
  const [generation, setGeneration] = useState(0);
  const detail = useQuery({ ...query(id ?? ''), enabled: !!id });
  if (!id || detail.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} data-testid="record-load-failed">
        {t('catalog.loadFailed')}
        {detail.error ? `: ${detail.error.message}` : ''}
      </Alert>
    );
  if (!detail.data)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  const reload = async () => {
    await detail.refetch();
    setGeneration((g) => g + 1);
  };
  return <Fragment key={generation}>{children(detail.data, reload)}</Fragment>;
}
