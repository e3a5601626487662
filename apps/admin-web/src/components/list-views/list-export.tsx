import type { JobRun } from '@kb/contracts';
import { Button, Group, Modal } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../jobs/job-progress.js';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Export of what a list shows (its applied filters and sort), as CSV or xlsx: the server writes the file as a job
 * (streamed, whatever the number of rows); the dialog follows it with a progress bar and offers the file.
 */
export const ListExport = memo(function ListExport({
  start,
  title,
}: {
  /** Starts the export job of the list's current query. */
  start: (format: ExportFormat) => Promise<JobRun>;
  title?: string;
}) {
  const { t } = useTranslation();
  const [run, setRun] = useState<JobRun | null>(null);
  const [pending, setPending] = useState(false);
  const begin = async (format: ExportFormat) => {
    setPending(true);
    try {
      setRun(await start(format));
    } catch {
      // The API client has shown the failure.
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Group gap={6}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={pending}
            onClick={() => begin(format)}
            data-testid={`export-${format}`}
          >
            {t(format === 'csv' ? 'listViews.exportCsv' : 'listViews.exportXlsx')}
          </Button>
        ))}
      </Group>
      <Modal
        opened={!!run}
        onClose={() => setRun(null)}
        title={title ?? t('listViews.exportTitle')}
        size="lg"
      >
        {run && <JobProgress runId={run.id} initial={run} hideReport />}
      </Modal>
    </>
  );
});
