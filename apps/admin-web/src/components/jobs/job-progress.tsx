import type { JobItem, JobRun } from '@kb/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Progress,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveRefresh } from '../../lib/live-events.js';
import { jobDownloadUrl, jobIsActive, jobRunQuery } from './job-run-query.js';

/** Report lines a page shows: an import's report can hold 10,000 rows. */
const REPORT_PAGE = 100;

const COLORS: Record<JobRun['state'], string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};
const OUTCOME_COLORS: Record<string, string> = {
  created: 'green',
  exported: 'green',
  translated: 'green',
  skipped: 'yellow',
  refused: 'red',
  choice: 'blue',
  failed: 'red',
};

export interface JobProgressProps {
  /** The run to follow (the id a job's start answered). */
  runId: string;
  /** The run as the start answered it, shown until the first poll. */
  initial?: JobRun;
  /** Offered when the run failed (e.g. start the same job again). */
  onRetry?: () => void;
  /** Told once when the run ends (succeeded or failed). */
  onFinished?: (run: JobRun) => void;
  /** Shows an item's extra data (e.g. a translation side by side); default: none. */
  renderItem?: (item: JobItem) => ReactNode;
  /** Hides the per-item report (e.g. when the caller shows the items itself). */
  hideReport?: boolean;
  /** The report's columns before outcome and reason; default: the item's key. */
  reportColumns?: ReportColumn[];
  /** An outcome's words and badge colour, where the job's outcomes are its own (default: `jobs.outcome.*`). */
  outcomes?: { label: (outcome: string) => string; colors: Record<string, string> };
  /** Shown above the report once the run succeeded (e.g. its counts by outcome). */
  reportSummary?: (run: JobRun) => ReactNode;
}

/** A column of the per-item report. */
export interface ReportColumn {
  title: string;
  value: (item: JobItem) => ReactNode;
}

/**
 * A long job as a user follows it: its state, a progress bar that moves while it runs (asked again every second),
 * the error of a failed run in the user's language, the per-item report (filterable by outcome), the download of
 * its output file and a retry where the caller offers one.
 */
export function JobProgress({
  runId,
  initial,
  onRetry,
  onFinished,
  renderItem,
  hideReport,
  reportColumns,
  outcomes: ownOutcomes,
  reportSummary,
}: JobProgressProps) {
  const { t } = useTranslation();
  const runQuery = jobRunQuery(runId, initial);
  const { data: run } = useQuery(runQuery);
  useLiveRefresh('job', runQuery.queryKey, runId);
  const told = useRef(false);
  useEffect(() => {
    if (run && !jobIsActive(run) && !told.current) {
      told.current = true;
      onFinished?.(run);
    }
  }, [run, onFinished]);
  const [outcome, setOutcome] = useState('all');
  const [page, setPage] = useState(1);
  const outcomes = useMemo(() => [...new Set((run?.items ?? []).map((i) => i.outcome))], [run?.items]);
  if (!run) return <Progress value={100} animated striped data-testid="job-progress" data-state="loading" />;
  const items = outcome === 'all' ? run.items : run.items.filter((i) => i.outcome === outcome);
  const pages = Math.ceil(items.length / REPORT_PAGE);
  const shown = items.slice((page - 1) * REPORT_PAGE, page * REPORT_PAGE);
  const label = ownOutcomes?.label ?? ((o: string) => t(`jobs.outcome.${o}`, { defaultValue: o }));
  const colors = ownOutcomes?.colors ?? OUTCOME_COLORS;
  const columns = reportColumns ?? [{ title: t('jobs.item'), value: (item: JobItem) => item.key }];
  return (
    <Stack gap="xs" data-testid="job-run" data-state={run.state} data-job-id={run.id}>
      <Group gap="xs">
        <Badge color={COLORS[run.state]} variant="light" data-testid="job-state">
          {t(`jobs.state.${run.state}`)}
        </Badge>
        {run.progress.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="job-counts">
            {t('jobs.progressItems', { done: run.progress.done, total: run.progress.total })}
          </Text>
        )}
        {run.output && (
          <Anchor
            href={jobDownloadUrl(run.id)}
            download={run.output.name}
            size="sm"
            data-testid="job-download"
          >
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} />
              {t('jobs.download')} ({run.output.name})
            </Group>
          </Anchor>
        )}
        {run.state === 'failed' && onRetry && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
            data-testid="job-retry"
          >
            {t('jobs.retry')}
          </Button>
        )}
      </Group>
      <Progress
        value={Math.max(run.progress.percent, jobIsActive(run) ? 3 : 0)}
        color={COLORS[run.state]}
        animated={jobIsActive(run)}
        striped={jobIsActive(run)}
        size="lg"
        aria-label={t('jobs.progress', { percent: run.progress.percent })}
        data-testid="job-progress"
        data-progress={run.progress.percent}
      />
      {run.error && (
        <Text size="sm" c="red" data-testid="job-error">
          {run.error}
        </Text>
      )}
      {!hideReport && run.state === 'succeeded' && reportSummary?.(run)}
      {!hideReport && run.items.length > 0 && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text fw={500} size="sm">
              {t('jobs.report')}
            </Text>
            {outcomes.length > 1 && (
              <SegmentedControl
                size="xs"
                value={outcome}
                onChange={(value) => {
                  setOutcome(value);
                  setPage(1);
                }}
                data={[
                  { value: 'all', label: t('jobs.filterAll') },
                  ...outcomes.map((o) => ({ value: o, label: label(o) })),
                ]}
              />
            )}
          </Group>
          <ScrollArea.Autosize mah={320}>
            <Table striped withTableBorder data-testid="job-report">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.title}>{c.title}</Table.Th>
                  ))}
                  <Table.Th>{t('jobs.outcomeColumn')}</Table.Th>
                  <Table.Th>{t('jobs.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item, index) => (
                  <Table.Tr key={`${item.key}-${index}`} data-testid="job-item" data-outcome={item.outcome}>
                    {columns.map((c) => (
                      <Table.Td key={c.title}>{c.value(item)}</Table.Td>
                    ))}
                    <Table.Td>
                      <Badge size="sm" variant="light" color={colors[item.outcome] ?? 'gray'}>
                        {label(item.outcome)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {item.message}
                      {renderItem?.(item)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {pages > 1 && (
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              data-testid="job-report-pages"
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
