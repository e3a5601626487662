import { STAFF_ROLES, STAFF_STATES, type StaffRow } from '@kb/contracts';
import { Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button.js';
import { ListPage } from '../../../components/list-page.js';
import { useStoredUser } from '../../../lib/use-stored-user.js';
import { staffList, useSetStaffState, type StaffFilter } from '../api/staff-accounts.js';
import { StaffChangesModal } from '../components/staff-changes-modal.js';
import { StaffFormModal } from '../components/staff-form-modal.js';
import { actionsColumn, timeColumn } from '../../../components/record-columns.js';

/**
 * /staff-list (operations, admins only): the brand's staff accounts; invite one by email (it sets its password
 * through the first-login page), change a name or role, disable and enable, and read each account's changes.
 * The API refuses leaving the brand without an active admin, and says so.
 */
export function StaffListPage() {
  const { t } = useTranslation();
  const me = useStoredUser();
  const setState = useSetStaffState();
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const [history, setHistory] = useState<StaffRow | null>(null);

  return (
    <>
      <ListPage<StaffRow, StaffFilter>
        {...staffList}
        filters={[
          { name: 'keyword', label: t('staff.fields.keyword'), kind: 'text' },
          {
            name: 'role',
            label: t('staff.fields.role'),
            kind: 'select',
            options: STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
          },
          {
            name: 'status',
            label: t('staff.fields.status'),
            kind: 'select',
            options: STAFF_STATES.map((s) => ({ value: s, label: t(`staff.status.${s}`) })),
          },
        ]}
        idAccessor="id"
        columns={[
          { accessor: 'account', title: t('staff.fields.account') },
          { accessor: 'name', title: t('staff.fields.name') },
          { accessor: 'email', title: t('staff.fields.email') },
          {
            accessor: 'role',
            title: t('staff.fields.role'),
            render: (s) => <span data-testid="staff-role-cell">{t(`roles.${s.role}`)}</span>,
          },
          {
            accessor: 'status',
            title: t('staff.fields.status'),
            render: (s) => (
              <Badge
                variant="light"
                color={s.status === 'enabled' ? 'green' : 'gray'}
                data-testid="staff-status"
              >
                {t(`staff.status.${s.status}`)}
              </Badge>
            ),
          },
          {
            accessor: 'passwordSet',
            title: t('staff.fields.passwordSet'),
            render: (s) => t(s.passwordSet ? 'staff.passwordSet.yes' : 'staff.passwordSet.no'),
          },
          timeColumn('createdAt', t('staff.fields.createdAt')),
          actionsColumn(t, (s) => (
            <>
              <Button size="xs" variant="subtle" data-testid="staff-edit" onClick={() => setEditing(s)}>
                {t('staff.edit')}
              </Button>
              {s.id !== me?.id && (
                <ConfirmButton
                  kind={s.status === 'enabled' ? 'disableStaff' : 'enableStaff'}
                  color={s.status === 'enabled' ? 'red' : undefined}
                  data-testid="staff-toggle"
                  onConfirm={() =>
                    setState.mutateAsync({
                      id: s.id,
                      status: s.status === 'enabled' ? 'disabled' : 'enabled',
                    })
                  }
                >
                  {t(s.status === 'enabled' ? 'staff.disable' : 'staff.enable')}
                </ConfirmButton>
              )}
              <Button size="xs" variant="subtle" data-testid="staff-history" onClick={() => setHistory(s)}>
                {t('staff.changes')}
              </Button>
            </>
          )),
        ]}
        toolbar={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
            data-testid="staff-invite"
          >
            {t('staff.invite')}
          </Button>
        }
      />
      {editing && <StaffFormModal staff={editing} onClose={() => setEditing(null)} />}
      <StaffChangesModal staff={history} onClose={() => setHistory(null)} />
    </>
  );
}
