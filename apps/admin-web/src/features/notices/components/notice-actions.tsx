import type { Notice, NoticeListItem } from '@kb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { confirmAction } from '../../../components/confirm.js';
import { RowActionButtons } from '../../../components/row-action-buttons.js';
import { runNoticeCommand } from '../api/notice-commands.js';
import { NOTICES_KEY } from '../api/notices-key.js';

type NoticeAction = 'detail' | 'edit' | 'push' | 'cancel';

/** What a notice's state allows: editing and cancelling until its push starts, pushing a draft. */
export function noticeActions(state: Notice['state']): NoticeAction[] {
  if (state === 'draft') return ['detail', 'edit', 'push', 'cancel'];
  if (state === 'scheduled') return ['detail', 'edit', 'cancel'];
  return ['detail'];
}

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
    if (!(await confirmAction(action === 'push' ? 'push' : 'revoke'))) return;
    await runNoticeCommand(action, notice).catch(() => undefined);
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
      }}
      permissions={{ edit: 'notice.edit', push: 'notice.push', cancel: 'notice.push' }}
      onAction={(a) => void run(a)}
    />
  );
}
