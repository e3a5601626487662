import type { JobRun } from '@kb/contracts';
import { Button, Group, Modal } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/jobs/job-progress.js';
import { api } from '../../../lib/api-client.js';
import { searchRecordQuery, type SearchRecordFilter } from '../api/search-records.js';

/**
 * Export of the search records the list's filter shows, as CSV or xlsx: the server writes the file as a job
 * (streamed, whatever the number of records); the dialog follows it with a progress bar and offers the file.
 */
export function SearchRecordExport({ filter }: { filter: SearchRecordFilter }) {
  const { t } = useTranslation();
  const [run, setRun] = useState<JobRun | null>(null);
  const [pending, setPending] = useState(false);
  const start = async (format: 'csv' | 'xlsx') => {
    setPending(true);
    try {
      setRun(
        await api<JobRun>('/userSearchRecord/exportData', {
          json: { ...searchRecordQuery(filter), format },
          kind: 'command',
        }),
      );
    } catch {
      // The API client has shown the failure.
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Group gap={6}>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          loading={pending}
          onClick={() => start('csv')}
          data-testid="export-csv"
        >
          {t('users.export.csv')}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          loading={pending}
          onClick={() => start('xlsx')}
          data-testid="export-xlsx"
        >
          {t('users.export.xlsx')}
        </Button>
      </Group>
      <Modal opened={!!run} onClose={() => setRun(null)} title={t('users.export.title')} size="lg">
        {run && <JobProgress runId={run.id} initial={run} hideReport />}
      </Modal>
    </>
  );
}
