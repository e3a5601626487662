import type { Migration } from '@kb/platform';

/**
 * Brand and staff provisioning: a brand can be disabled (its staff cannot log in), and every change to a staff
 * account (invitation, role or name, disabling, enabling) is a line of the account's audit trail. The trail has
 * no foreign key to the account, so it outlives whatever happens to the row.
 */
export const staffMigrations: Migration[] = [
  {
    id: 'api/staff-001-provisioning',
    sql: `
      ALTER TABLE brands ADD COLUMN disabled boolean NOT NULL DEFAULT false;
      CREATE TABLE staff_changes (
        id bigserial PRIMARY KEY,
        brand_owner_code text NOT NULL,
        staff_id uuid NOT NULL,
        action text NOT NULL CHECK (action IN ('invited', 'created', 'updated', 'disabled', 'enabled')),
        actor text NOT NULL,
        role_before text,
        role_after text,
        name_before text,
        name_after text,
        occurred_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX staff_changes_staff ON staff_changes (brand_owner_code, staff_id, id DESC);
    `,
  },
];
