import {
  NOTICE_PUSH_MODES,
  NOTICE_SORT_FIELDS,
  NOTICE_STATES,
  NOTICE_TARGET_KINDS,
  type NoticeListItem,
} from '@kb/contracts';
import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BatchAction } from '../../../components/batch-actions.js';
import { AddButton } from '../../../components/add-button.js';
import { ListPage, type FilterField } from '../../../components/list-page.js';
import { deleteNotices } from '../api/notice-commands.js';
import { exportNotices, fetchNoticePage } from '../api/notice-list.js';
import { useLiveRefreshEach } from '../../../lib/live-events.js';
import { NOTICES_KEY } from '../api/notices-key.js';
import { NoticeActions } from '../components/notice-actions.js';
import { LiveCount, LiveState, useLiveRow } from '../components/notice-cells.js';
import { actionsColumn, timeColumn } from '../../../components/record-columns.js';

/** A row's buttons follow its live state (a push that fails while the list is open offers its retry). */
function LiveActions({ row }: { row: NoticeListItem }) {
  return <NoticeActions notice={useLiveRow(row)} />;
}

interface NoticeFilters extends Record<string, unknown> {
  keyword: string;
  state: string | null;
  pushMode: string | null;
  targetKind: string | null;
}

const NO_FILTER: NoticeFilters = { keyword: '', state: null, pushMode: null, targetKind: null };

/**
 * §2 /inform-list: the brand's notices (number, title, push mode and time, state, received and read counts, which
 * rise on screen while a push runs and devices acknowledge), filters, batch delete of drafts behind its confirmation.
 */
export function InformListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Each row's state, push progress and received/read counts follow its notice's changes on the event stream.
  useLiveRefreshEach('notice', [...NOTICES_KEY, 'row']);
  const options = <V extends string>(values: readonly V[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as never) }));
  const filters: FilterField<NoticeFilters>[] = [
    { name: 'keyword', label: t('notices.filters.keyword'), kind: 'text' },
    {
      name: 'state',
      label: t('notices.fields.state'),
      kind: 'select',
      options: options(NOTICE_STATES, 'notices.state'),
    },
    {
      name: 'pushMode',
      label: t('notices.fields.pushMode'),
      kind: 'select',
      options: options(NOTICE_PUSH_MODES, 'notices.pushMode'),
    },
    {
      name: 'targetKind',
      label: t('notices.fields.targets'),
      kind: 'select',
      options: options(NOTICE_TARGET_KINDS, 'notices.target'),
    },
  ];
  const batchActions: BatchAction<NoticeListItem>[] = [
    {
      key: 'delete',
      label: t('common.delete'),
      confirm: 'batchDelete',
      permission: 'notice.edit',
      color: 'red',
      run: async (rows) => {
        await deleteNotices(rows.map((r) => r.id));
        await queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
      },
    },
  ];
  return (
    <ListPage<NoticeListItem, NoticeFilters>
      queryKey={[...NOTICES_KEY, 'list']}
      sortFields={NOTICE_SORT_FIELDS}
      views="notice"
      exportRows={exportNotices}
      fetchPage={fetchNoticePage}
      initialFilters={NO_FILTER}
      filters={filters}
      idAccessor="id"
      batchActions={batchActions}
      columns={[
        {
          accessor: 'number',
          title: t('notices.fields.number'),
          render: (r) => (
            <Anchor
              size="sm"
              onClick={() => void navigate({ to: '/inform-detail', search: { id: r.id } })}
              data-testid="notice-number"
            >
              {r.number}
            </Anchor>
          ),
        },
        { accessor: 'title', title: t('notices.fields.title') },
        {
          accessor: 'pushMode',
          title: t('notices.fields.pushMode'),
          render: (r) => t(`notices.pushMode.${r.pushMode}`),
        },
        timeColumn('pushAt', t('notices.fields.pushAt')),
        { accessor: 'state', title: t('notices.fields.state'), render: (r) => <LiveState row={r} /> },
        {
          accessor: 'receivedCount',
          title: t('notices.fields.received'),
          render: (r) => <LiveCount row={r} field="receivedCount" />,
        },
        {
          accessor: 'readCount',
          title: t('notices.fields.read'),
          render: (r) => <LiveCount row={r} field="readCount" />,
        },
        actionsColumn(t, (r) => <LiveActions row={r} />, 200),
      ]}
      toolbar={<AddButton permission="notice.edit" to="/inform-add" />}
    />
  );
}
