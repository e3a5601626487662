import type { Catalog } from '../../../lib/catalog.js';
import type { jobsZh } from './zh.js';

export const jobsEn: Catalog<typeof jobsZh> = {
  state: { queued: 'Queued', running: 'Running', succeeded: 'Done', failed: 'Failed' },
  progress: 'Progress {{percent}}%',
  progressItems: '{{done}} / {{total}}',
  report: 'Report',
  item: 'Item',
  outcomeColumn: 'Outcome',
  reason: 'Reason',
  outcome: {
    created: 'created',
    skipped: 'skipped',
    refused: 'refused',
    exported: 'exported',
    translated: 'translated',
    failed: 'failed',
  },
  download: 'Download file',
  retry: 'Retry',
  noItems: 'No items yet',
  recipes: {
    export: 'Export',
    exportSelected: 'Export selected',
    exportAll: 'Export all the list shows',
    exportTitle: 'Export recipes',
    import: 'Import',
    importTitle: 'Import recipes',
    importHint:
      'Choose a zip exported by this system; recipes whose number exists are skipped, never overwritten',
    importFile: 'Recipe archive (zip)',
    importStart: 'Start import',
    uploading: 'Uploading {{percent}}%',
    notZip: 'Wrong file format: only a zip file can be imported',
    emptyName: 'File name cannot be empty',
    close: 'Close',
  },
  filterAll: 'All',
};
