import type { JobRun, PayingImportOutcome } from '@kb/contracts';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can.js';
import { JobProgress, type ReportColumn } from '../../../components/jobs/job-progress.js';
import { FileJobForm } from '../../../components/jobs/file-job-form.js';
import { payingUserTemplateUrl, PAYING_USER_LIST_KEY, startPayingUserImport } from '../api/paying-users.js';

const OUTCOME_COLORS: Record<string, string> = {
  added: 'green',
  updated: 'blue',
  unchanged: 'gray',
  refused: 'red',
};

/** The report's own columns, one line per row of the file: row and account (then outcome and why). */
function usePayingReport() {
  const { t } = useTranslation();
  const columns: ReportColumn[] = [
    { title: t('users.paying.import.row'), value: (item) => (item.data as { row: number }).row },
    { title: t('users.fields.account'), value: (item) => (item.data as { account: string }).account },
  ];
  const outcomes = {
    label: (outcome: string) => t(`users.paying.outcome.${outcome}`, { defaultValue: outcome }),
    colors: OUTCOME_COLORS,
  };
  const summary = (run: JobRun) =>
    run.summary && (
      <Text size="sm" data-testid="paying-import-summary">
        {t('users.paying.import.summary', run.summary as Record<PayingImportOutcome, number>)}
      </Text>
    );
  return { columns, outcomes, summary };
}

/** The dialog's body: the templates, the file, its upload (progress), then the run with its report. */
function ImportForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const report = usePayingReport();
  return (
    <FileJobForm
      formTestId="paying-import-form"
      idPrefix="paying-import"
      hint={t('users.paying.import.hint')}
      extra={
        <Group gap="md">
          {(['xlsx', 'csv'] as const).map((format) => (
            <Anchor
              key={format}
              size="sm"
              href={payingUserTemplateUrl(format)}
              download={`vip-user-import.${format}`}
              data-testid={`paying-template-${format}`}
            >
              <Group gap={4} wrap="nowrap">
                <IconDownload size={14} />
                {t('users.paying.import.template', { format: format.toUpperCase() })}
              </Group>
            </Anchor>
          ))}
        </Group>
      }
      fileLabel={t('users.paying.import.file')}
      accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      icon={<IconFileSpreadsheet size={16} />}
      startLabel={t('users.paying.import.start')}
      uploadingLabel={(percent) => t('users.paying.import.uploading', { percent })}
      purpose="list"
      refusal={(file) => (/\.(csv|xlsx)$/i.test(file.name) ? null : t('users.paying.import.wrongType'))}
      startJob={startPayingUserImport}
      renderRun={(run) => (
        <Stack gap="sm">
          <JobProgress
            runId={run.id}
            initial={run}
            reportColumns={report.columns}
            outcomes={report.outcomes}
            reportSummary={report.summary}
            onFinished={() => void queryClient.invalidateQueries({ queryKey: PAYING_USER_LIST_KEY })}
          />
        </Stack>
      )}
    />
  );
}

/** The list's Import button (admins) and its dialog; a new dialog starts from an empty form. */
export function PayingUserImport() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Can permission="appUser.edit">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconUpload size={14} />}
        onClick={() => setOpened(true)}
        data-testid="paying-import"
      >
        {t('users.paying.import.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('users.paying.import.title')}
        size="xl"
      >
        {opened && <ImportForm />}
      </Modal>
    </Can>
  );
}
