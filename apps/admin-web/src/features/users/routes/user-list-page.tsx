import type { AppUserRow, AppUserState } from '@kb/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button.js';
import { batchDeleteAction, RowDeleteButton } from '../../../components/delete-actions.js';
import { ListPage } from '../../../components/list-page.js';
import { useCan } from '../../../lib/use-can.js';
import {
  appUserList,
  exportAppUsers,
  useDeleteAppUsers,
  useSetAppUserStatus,
  type AppUserFilter,
} from '../api/app-users.js';
import { RegisteredBadge, regionLabel, StatusBadge } from '../components/user-cells.js';
import { actionsColumn, linkColumn, timeColumn, yesNoOptions } from '../../../components/record-columns.js';

/**
 * §2 /user-list: the brand's app users with the §3 columns and a filter on each, enable/disable after a
 * confirmation (one or a batch), and batch delete after a confirmation (what goes with a user is said above).
 */
export function UserListPage() {
  const { t } = useTranslation();
  const remove = useDeleteAppUsers();
  const setStatus = useSetAppUserStatus();
  const canEdit = useCan('appUser.edit');
  const statusAction = (status: AppUserState) => ({
    key: status,
    label: t(status === 'enabled' ? 'users.enable' : 'users.disable'),
    confirm: status === 'enabled' ? ('enableUser' as const) : ('disableUser' as const),
    permission: 'appUser.edit' as const,
    run: async (rows: AppUserRow[]) => {
      await setStatus.mutateAsync({ ids: rows.map((u) => u.id), status });
    },
  });

  return (
    <ListPage<AppUserRow, AppUserFilter>
      {...appUserList}
      sortByColumn={{ regionName: 'region' }}
      exportRows={exportAppUsers}
      filters={[
        { name: 'number', label: t('users.fields.number'), kind: 'text' },
        { name: 'account', label: t('users.fields.account'), kind: 'text' },
        { name: 'nickname', label: t('users.fields.nickname'), kind: 'text' },
        { name: 'region', label: t('users.fields.region'), kind: 'text', placeholder: 'CN' },
        {
          name: 'status',
          label: t('users.fields.status'),
          kind: 'select',
          options: [
            { value: 'enabled', label: t('users.status.enabled') },
            { value: 'disabled', label: t('users.status.disabled') },
          ],
        },
        {
          name: 'registered',
          label: t('users.fields.registered'),
          kind: 'select',
          options: yesNoOptions(t('users.registered.yes'), t('users.registered.no')),
        },
        {
          name: 'hasDevice',
          label: t('users.fields.hasDevice'),
          kind: 'select',
          options: yesNoOptions(t('users.yes'), t('users.no')),
        },
        { name: 'registeredRange', label: t('users.fields.registeredAt'), kind: 'date-range' },
      ]}
      idAccessor="id"
      columns={[
        linkColumn('number', t('users.fields.number'), '/user-detail', { testId: 'user-number' }),
        { accessor: 'account', title: t('users.fields.account') },
        { accessor: 'nickname', title: t('users.fields.nickname') },
        { accessor: 'regionName', title: t('users.fields.region'), render: regionLabel },
        {
          accessor: 'status',
          title: t('users.fields.status'),
          render: (u) => <StatusBadge status={u.status} />,
        },
        {
          accessor: 'registered',
          title: t('users.fields.registered'),
          render: (u) => <RegisteredBadge registered={u.registered} />,
        },
        { accessor: 'favouriteCount', title: t('users.fields.favouriteCount'), textAlign: 'right' },
        { accessor: 'cookCount', title: t('users.fields.cookCount'), textAlign: 'right' },
        { accessor: 'deviceCount', title: t('users.fields.deviceCount'), textAlign: 'right' },
        timeColumn('registeredAt', t('users.fields.registeredAt')),
        actionsColumn(t, (u) => (
          <>
            {canEdit && (
              <ConfirmButton
                kind={u.status === 'enabled' ? 'disableUser' : 'enableUser'}
                data-testid="row-toggle-status"
                onConfirm={() =>
                  setStatus.mutateAsync({
                    ids: [u.id],
                    status: u.status === 'enabled' ? 'disabled' : 'enabled',
                  })
                }
              >
                {t(u.status === 'enabled' ? 'users.disable' : 'users.enable')}
              </ConfirmButton>
            )}
            <RowDeleteButton permission="appUser.edit" onConfirm={() => remove.mutateAsync([u.id])} />
          </>
        )),
      ]}
      batchActions={[
        statusAction('enabled'),
        statusAction('disabled'),
        batchDeleteAction(t, 'appUser.edit', remove.mutateAsync),
      ]}
      toolbar={
        <Text size="xs" c="dimmed" data-testid="user-delete-note">
          {t('users.deleteNote')}
        </Text>
      }
    />
  );
}
