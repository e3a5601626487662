import type { JobRun, RecipeImportCheck, RecipeImportMapping } from '@kb/contracts';
import { modals } from '@mantine/modals';
import { IconFileZip } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/jobs/job-progress.js';
import { FileJobForm } from '../../../components/jobs/file-job-form.js';
import { type RecipeListFilter } from '../api/recipe-commands.js';
import { checkRecipeImport, exportRecipes, startRecipeImport } from '../api/recipe-jobs.js';
import { ImportMapping, needsMapping } from './import-mapping.js';
import { i18n } from '../../../app/i18n/i18n.js';
import { LOOKUPS_KEY } from '../../../lib/lookups.js';

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
  const run = await exportRecipes(target);
  openJobDialog(i18n.t('jobs.recipes.exportTitle'), run);
}

/**
 * The import dialog: choose a zip, upload it (progress); when it names references the brand lacks, map them first
 * (the mapping step); then start the import and follow it with its report.
 */
function ImportDialog({ onFinished }: { onFinished: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{
    check: RecipeImportCheck;
    answer: (mapping: RecipeImportMapping) => void;
  } | null>(null);
  const startJob = async (fileCode: string, fileName: string) => {
    const check = await checkRecipeImport(fileCode);
    if (!needsMapping(check)) return startRecipeImport(fileCode, fileName);
    const mapping = await new Promise<RecipeImportMapping>((answer) => setAsking({ check, answer }));
    setAsking(null);
    return startRecipeImport(fileCode, fileName, mapping);
  };
  return (
    <FileJobForm
      extra={asking && <ImportMapping check={asking.check} onStart={asking.answer} />}
      formTestId="import-dialog"
      idPrefix="import"
      hint={t('jobs.recipes.importHint')}
      fileLabel={t('jobs.recipes.importFile')}
      accept=".zip,application/zip"
      icon={<IconFileZip size={16} />}
      startLabel={t('jobs.recipes.importStart')}
      uploadingLabel={(percent) => t('jobs.recipes.uploading', { percent })}
      purpose="zip"
      refusal={(file) =>
        !file.name.trim()
          ? t('jobs.recipes.emptyName')
          : !/\.zip$/i.test(file.name)
            ? t('jobs.recipes.notZip')
            : null
      }
      startJob={startJob}
      renderRun={(run) => (
        <JobProgress
          runId={run.id}
          initial={run}
          onFinished={() => {
            // The import may have enabled languages and created categories, tags and units: lookups read afresh.
            void queryClient.invalidateQueries({ queryKey: LOOKUPS_KEY });
            onFinished();
          }}
        />
      )}
    />
  );
}

export function openImportDialog(onFinished: () => void) {
  modals.open({
    title: i18n.t('jobs.recipes.importTitle'),
    size: 'xl',
    children: <ImportDialog onFinished={onFinished} />,
  });
}
