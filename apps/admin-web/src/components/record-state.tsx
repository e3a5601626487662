import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.js';

/**
 * A record page's body: a loader while the record comes, the §8 message (e.g. "device does not exist") when
 * there is no such record — no id, a malformed one, or one the brand does not have — else the record.
 */
export function RecordState<T>({
  id,
  query,
  notFound,
  children,
}: {
  id: string | undefined;
  query: UseQueryResult<T>;
  /** What to say when there is no such record (default: §8 "record does not exist"). */
  notFound?: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
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
