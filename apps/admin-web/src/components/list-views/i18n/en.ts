import type { Catalog } from '../../../lib/catalog.js';
import type { listViewsZh } from './zh.js';

export const listViewsEn: Catalog<typeof listViewsZh> = {
  sortedAsc: '{{column}}: ascending, click for descending',
  sortedDesc: '{{column}}: descending, click to clear the sort',
  sortBy: 'Sort by {{column}}',
  columns: 'Columns',
  columnsTitle: 'Columns shown',
  views: 'Views',
  viewsTitle: 'Saved views',
  noViews: 'No saved views yet',
  mine: 'Mine',
  sharedBy: 'Shared by {{owner}}',
  saveCurrent: 'Save current view…',
  saveTitle: 'Save view',
  saveHint: 'Saves the current filters, sort and columns shown; a view of the same name is replaced.',
  name: 'Name',
  share: 'Share with the brand',
  save: 'Save',
  cancel: 'Cancel',
  deleteView: 'Delete view {{name}}',
  deleteConfirm: 'Delete the view “{{name}}”?',
  applied: 'View “{{name}}” applied',
  export: 'Export',
  exportCsv: 'Export CSV',
  exportXlsx: 'Export Excel',
  exportTitle: 'Export',
};
