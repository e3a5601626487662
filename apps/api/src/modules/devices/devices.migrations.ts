import type { Migration } from '@kb/platform';
import { brandTableDdl, numberKey } from '../../common/brand-table.js';

/** The API's own tables of the devices area (the device tables themselves belong to @kb/devices). */
export const devicesApiMigrations: Migration[] = [
  {
    id: 'api/devices-001-fault-types',
    sql: `
      -- Each brand's names for the fault codes its devices report.
      ${brandTableDdl(
        'fault_types',
        `number text NOT NULL,
        names jsonb NOT NULL DEFAULT '{}'`,
        { constraints: [numberKey('fault_types')] },
      )}
    `,
  },
];
