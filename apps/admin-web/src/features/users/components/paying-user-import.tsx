import type { JobRun, PayingImportOutcome } from '@kb/contracts';
import { Anchor, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can.js';
import { JobProgress } from '../../../components/jobs/job-progress.js';
import { jobRunQuery } from '../../../components/jobs/job-run-query.js';
import { FileJobForm } from '../../../components/jobs/file-job-form.js';
import { payingUserTemplateUrl, PAYING_USER_LIST_KEY, startPayingUserImport } from '../api/paying-users.js';

const OUTCOME_COLORS: Record<PayingImportOutcome, string> = {
  added: 'green',
  updated: 'blue',
  unchanged: 'gray',
  refused: 'red',
};

/** The run's report, one line per row of the file: row, account, outcome, why. */
function ImportReport({ run: initial }: { run: JobRun }) {
  const { t } = useTranslation();
  const { data: run } = useQuery(jobRunQuery(initial.id, initial));
  const summary = run?.summary as Record<PayingImportOutcome, number> | null | undefined;
  if (!run || run.items.length === 0) return null;
  return (
    <Stack gap={4}>
      {summary && run.state === 'succeeded' && (
        <Text size="sm" data-testid="paying-import-summary">
          {t('users.paying.import.summary', summary)}
        </Text>
      )}
      <ScrollArea.Autosize mah={320}>
        <Table striped withTableBorder data-testid="paying-import-report">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.paying.import.row')}</Table.Th>
              <Table.Th>{t('users.fields.account')}</Table.Th>
              <Table.Th>{t('users.paying.import.outcome')}</Table.Th>
              <Table.Th>{t('users.paying.import.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.items.map((item) => {
              const data = item.data as { row: number; account: string };
              const outcome = item.outcome as PayingImportOutcome;
              return (
                <Table.Tr key={item.key} data-testid="paying-import-row" data-outcome={outcome}>
                  <Table.Td>{data.row}</Table.Td>
                  <Table.Td>{data.account}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={OUTCOME_COLORS[outcome] ?? 'gray'}>
                      {t(`users.paying.outcome.${outcome}`, { defaultValue: outcome })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{item.message}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The dialog's body: the templates, the file, its upload (progress), then the run with its report. */
function ImportForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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
            hideReport
            onFinished={() => void queryClient.invalidateQueries({ queryKey: PAYING_USER_LIST_KEY })}
          />
          <ImportReport run={run} />
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
