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
  filterAll: 'All',
};
