import type { Migration } from '@kb/platform';

/** The API's own tables of the devices area (the device tables themselves belong to @kb/devices). */
export const devicesApiMigrations: Migration[] = [
  {
    id: 'api/devices-001-fault-types',
    sql: `
      -- Each brand's names for the fault codes its devices report.
      CREATE TABLE fault_types (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        brand_owner_code text NOT NULL,
        number text NOT NULL,
        names jsonb NOT NULL DEFAULT '{}',
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fault_types_number_key UNIQUE (brand_owner_code, number)
      );
    `,
  },
];
