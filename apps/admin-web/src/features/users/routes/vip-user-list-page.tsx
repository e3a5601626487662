import { PAYING_USER_STATES, type PayingUserRow, type PayingUserState } from '@kb/contracts';
import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { batchDeleteAction, RowDeleteButton } from '../../../components/delete-actions.js';
import { DetailView } from '../../../components/detail-view.js';
import { ListPage } from '../../../components/list-page.js';
import {
  payingUserDetailQuery,
  payingUserList,
  useDeletePayingUsers,
  type PayingUserFilter,
} from '../api/paying-users.js';
import { PayingUserImport } from '../components/paying-user-import.js';
import { regionLabel } from '../components/user-cells.js';
import { formatTime } from '../../../lib/format.js';
import { actionsColumn, linkColumn, timeColumn } from '../../../components/record-columns.js';

const STATE_COLORS: Record<PayingUserState, string> = { active: 'green', upcoming: 'blue', expired: 'gray' };

function StateBadge({ state }: { state: PayingUserState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light" data-testid="paying-state">
      {t(`users.paying.state.${state}`)}
    </Badge>
  );
}

/** One paying user with the import that last changed it. */
function PayingUserDetailView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(payingUserDetailQuery(id));
  return (
    <DetailView
      loading={isPending}
      items={[
        { label: t('users.fields.number'), value: data?.userNumber },
        { label: t('users.fields.account'), value: data?.account, testId: 'paying-detail-account' },
        { label: t('users.fields.nickname'), value: data?.nickname },
        { label: t('users.fields.region'), value: data && regionLabel(data) },
        { label: t('users.paying.fields.vipLevel'), value: data?.vipLevel },
        { label: t('users.paying.fields.state'), value: data && <StateBadge state={data.state} /> },
        { label: t('users.paying.fields.startDate'), value: data?.startDate },
        { label: t('users.paying.fields.endDate'), value: data?.endDate },
        { label: t('users.paying.fields.source'), value: data && t(`users.paying.source.${data.source}`) },
        { label: t('users.paying.fields.importFile'), value: data?.importFileName },
        { label: t('users.paying.fields.updatedBy'), value: data?.updatedBy },
        { label: t('users.paying.fields.updatedAt'), value: formatTime(data?.updatedAt) },
      ]}
    />
  );
}

/**
 * §2 /vip-user-list: the brand's paying users with filters, their detail, import from the template (a job with a
 * per-row report) and delete after a confirmation (one or a batch), which ends the paying status only.
 */
export function VipUserListPage() {
  const { t } = useTranslation();
  const remove = useDeletePayingUsers();
  const [shown, setShown] = useState<string | null>(null);
  return (
    <>
      <ListPage<PayingUserRow, PayingUserFilter>
        {...payingUserList}
        filters={[
          { name: 'account', label: t('users.fields.account'), kind: 'text' },
          { name: 'nickname', label: t('users.fields.nickname'), kind: 'text' },
          { name: 'vipLevel', label: t('users.paying.fields.vipLevel'), kind: 'text', placeholder: '1' },
          {
            name: 'state',
            label: t('users.paying.fields.state'),
            kind: 'select',
            options: PAYING_USER_STATES.map((s) => ({ value: s, label: t(`users.paying.state.${s}`) })),
          },
          { name: 'endRange', label: t('users.paying.fields.endDate'), kind: 'date-range' },
        ]}
        idAccessor="id"
        columns={[
          { accessor: 'userNumber', title: t('users.fields.number'), noWrap: true },
          linkColumn('account', t('users.fields.account'), '/user-detail', { id: (r) => r.appUserId }),
          { accessor: 'nickname', title: t('users.fields.nickname') },
          { accessor: 'vipLevel', title: t('users.paying.fields.vipLevel'), textAlign: 'right' },
          { accessor: 'startDate', title: t('users.paying.fields.startDate'), noWrap: true },
          { accessor: 'endDate', title: t('users.paying.fields.endDate'), noWrap: true },
          {
            accessor: 'state',
            title: t('users.paying.fields.state'),
            render: (r) => <StateBadge state={r.state} />,
          },
          timeColumn('updatedAt', t('users.paying.fields.updatedAt')),
          actionsColumn(t, (r) => (
            <>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setShown(r.id)}
                data-testid="row-detail"
              >
                {t('common.detail')}
              </Button>
              <RowDeleteButton permission="appUser.edit" onConfirm={() => remove.mutateAsync([r.id])} />
            </>
          )),
        ]}
        toolbar={
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {t('users.paying.deleteNote')}
            </Text>
            <PayingUserImport />
          </Group>
        }
        batchActions={[batchDeleteAction(t, 'appUser.edit', remove.mutateAsync)]}
      />
      <Modal opened={!!shown} onClose={() => setShown(null)} title={t('users.paying.detailTitle')} size="lg">
        {shown && <PayingUserDetailView id={shown} />}
      </Modal>
    </>
  );
}
