import type { Notice, NoticeAccounts, NoticeInput } from '@kb/contracts';
import type { BatchOutcome } from '../../../components/batch-actions.js';
import { api, ApiError } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';

/** The form's saves: `add`, `addAndPush`, or `update` over the version the form loaded (409 when it changed). */
export function saveNotice(
  route: 'add' | 'addAndPush' | 'update',
  body: NoticeInput & { id?: string; version?: number },
) {
  return api<Notice>(`/inform/${route}`, { json: body, quiet: true });
}

/** `push` or `cancel` of the version on screen; a refusal is shown as a toast. */
export async function runNoticeCommand(route: 'push' | 'cancel', notice: Pick<Notice, 'id' | 'version'>) {
  try {
    return await api<Notice>(`/inform/${route}`, {
      json: { id: notice.id, version: notice.version },
      quiet: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) notifyError(error.desc);
    throw error;
  }
}

/** Batch delete of drafts (all or none: a refusal names the notices that are not drafts). */
export async function deleteNotices(ids: string[]): Promise<BatchOutcome | void> {
  await api<{ deleted: number }>('/inform/batchDelete', { json: { ids } });
}

/** What an uploaded list of accounts holds: how many users it reaches, which accounts nobody has. */
export function readAccounts(fileCode: string) {
  return api<NoticeAccounts>('/inform/readAccounts', { query: { fileCode }, quiet: true });
}
