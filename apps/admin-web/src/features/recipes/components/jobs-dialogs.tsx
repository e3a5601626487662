import type { JobRun } from '@kb/contracts';
import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/jobs/job-progress.js';
import { uploadFile } from '../../../components/upload-image.js';
import { api } from '../../../lib/api-client.js';
import { recipeListParams, type RecipeListFilter } from '../api/recipe-commands.js';
import { i18n } from '../../../app/i18n/i18n.js';

/** Shows a started job in a dialog: live progress, report, download; `onFinished` hears its end. */
export function openJobDialog(title: string, run: JobRun, onFinished?: () => void) {
  modals.open({
    title,
    size: 'xl',
    children: <JobProgress runId={run.id} initial={run} onFinished={() => onFinished?.()} />,
  });
}

/**
 * Starts an export of the selected recipes, or of every recipe the list's filter shows (the API resolves the filter
 * as the list does, so what is exported is what the list shows), and follows it in a dialog.
 */
export async function startRecipeExport(target: { ids: string[] } | { filter: RecipeListFilter }) {
  const run = await api<JobRun>('/recipe/export', {
    method: 'POST',
    json: 'ids' in target ? { ids: target.ids } : { filter: recipeListParams(target.filter) },
    kind: 'command',
  });
  openJobDialog(i18n.t('jobs.recipes.exportTitle'), run);
}

/** The import dialog: choose a zip, upload it (progress), start the import and follow it with its report. */
function ImportDialog({ onFinished }: { onFinished: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<JobRun | null>(null);
  const start = async () => {
    if (!file) return;
    if (!file.name.trim()) return setError(t('jobs.recipes.emptyName'));
    if (!/\.zip$/i.test(file.name)) return setError(t('jobs.recipes.notZip'));
    setError(null);
    setPercent(0);
    try {
      const uploaded = await uploadFile(file, 'zip', (f) => setPercent(Math.round(f * 100)));
      setRun(
        await api<JobRun>('/recipe/importData', {
          method: 'POST',
          json: { fileCode: uploaded.fileCode, fileName: file.name },
          kind: 'command',
        }),
      );
    } catch {
      // the API client has shown the refusal in the user's language
    } finally {
      setPercent(null);
    }
  };
  if (run) return <JobProgress runId={run.id} initial={run} onFinished={onFinished} />;
  return (
    <Stack gap="sm" data-testid="import-dialog">
      <Text size="sm" c="dimmed">
        {t('jobs.recipes.importHint')}
      </Text>
      <FileInput
        label={t('jobs.recipes.importFile')}
        accept=".zip,application/zip"
        leftSection={<IconFileZip size={16} />}
        value={file}
        onChange={setFile}
        data-testid="import-file"
        clearable
      />
      {error && (
        <Alert color="red" data-testid="import-error">
          {error}
        </Alert>
      )}
      {percent !== null && (
        <Progress value={percent} animated aria-label={t('jobs.recipes.uploading', { percent })} />
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => void start()}
          disabled={!file}
          loading={percent !== null}
          data-testid="import-start"
        >
          {t('jobs.recipes.importStart')}
        </Button>
      </Group>
    </Stack>
  );
}

export function openImportDialog(onFinished: () => void) {
  modals.open({
    title: i18n.t('jobs.recipes.importTitle'),
    size: 'xl',
    children: <ImportDialog onFinished={onFinished} />,
  });
}
