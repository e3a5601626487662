import type { Notice, NoticeListItem } from '@kb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { confirmAction } from '../../../components/confirm.js';
import { RowActionButtons } from '../../../components/row-action-buttons.js';
import { runNoticeCommand } from '../api/notice-commands.js';
import { NOTICES_KEY } from '../api/notices-key.js';

type NoticeAction = 'detail' | 'edit' | 'push' | 'cancel' | 'retry';

/** What a notice's state allows: editing and cancelling until its push starts, pushing a draft, retrying a failure. */
export function noticeActions(state: Notice['state']): NoticeAction[] {
  if (state === 'draft') return ['detail', 'edit', 'push', 'cancel'];
  if (state === 'scheduled') return ['detail', 'edit', 'cancel'];
  if (state === 'failed') return ['detail', 'retry'];
  return ['detail'];
}

const CONFIRMS = { push: 'push', retry: 'retryPush', cancel: 'revoke' } as const;

/** A notice's buttons (list row or detail header); push and cancel ask their §8 confirmation first. */
export function NoticeActions({
  notice,
  exclude = [],
}: {
  notice: Pick<NoticeListItem, 'id' | 'version' | 'state'>;
  exclude?: NoticeAction[];
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const run = async (action: NoticeAction) => {
    if (action === 'detail') return navigate({ to: '/inform-detail', search: { id: notice.id } });
    if (action === 'edit') return navigate({ to: '/inform-edit', search: { id: notice.id } });
    if (!(await confirmAction(CONFIRMS[action]))) return;
    // A retry is a push of the failed notice (the API pushes it again at once).
    await runNoticeCommand(action === 'cancel' ? 'cancel' : 'push', notice).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
  };
  return (
    <RowActionButtons
      actions={noticeActions(notice.state).filter((a) => !exclude.includes(a))}
      labels={{
        detail: 'notices.actions.detail',
        edit: 'notices.actions.edit',
        push: 'notices.actions.push',
        cancel: 'notices.actions.cancelPush',
        retry: 'notices.actions.retry',
      }}
      permissions={{ edit: 'notice.edit', push: 'notice.push', cancel: 'notice.push', retry: 'notice.push' }}
      onAction={(a) => void run(a)}
    />
  );
}
