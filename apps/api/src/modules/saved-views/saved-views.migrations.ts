import type { Migration } from '@kb/platform';
import { brandTableDdl } from '../../common/brand-table.js';

/** Staff members' saved list views (filters, sort, columns under a name), private or shared with the brand. */
export const savedViewsMigrations: Migration[] = [
  {
    id: 'api/saved-views-001',
    sql: `
      ${brandTableDdl(
        'saved_views',
        `list text NOT NULL,
        owner_account text NOT NULL,
        name text NOT NULL,
        state jsonb NOT NULL,
        shared boolean NOT NULL DEFAULT false`,
        {
          version: false,
          constraints: [
            'CONSTRAINT saved_views_name_key UNIQUE (brand_owner_code, list, owner_account, name)',
          ],
        },
      )}
      CREATE INDEX saved_views_shared ON saved_views (brand_owner_code, list) WHERE shared;
    `,
  },
];
