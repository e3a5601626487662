import type { Notice, StaffPostInput } from '@kb/contracts';
import type { BatchOutcome } from '../../../components/batch-actions.js';
import { call } from '../../../lib/call.js';
import { sayingRefusal } from '../../../lib/refusal-toast.js';

type NoticeSaveRoute = 'add' | 'addAndPush' | 'update';
/** The form's saves: `add`, `addAndPush`, or `update` over the version the form loaded (409 when it changed). */
export function saveNotice<R extends NoticeSaveRoute>(route: R, body: StaffPostInput<`/inform/${R}`>) {
  return call.post(
    `/inform/${route as NoticeSaveRoute}`,
    body as StaffPostInput<`/inform/${NoticeSaveRoute}`>,
    {
      quiet: true,
    },
  );
}

/** `push` or `cancel` of the version on screen; a refusal is shown as a toast. */
export function runNoticeCommand(route: 'push' | 'cancel', notice: Pick<Notice, 'id' | 'version'>) {
  return sayingRefusal(
    call.post(`/inform/${route}`, { id: notice.id, version: notice.version }, { quiet: true }),
  );
}

/** Batch delete of drafts (all or none: a refusal names the notices that are not drafts). */
export async function deleteNotices(ids: string[]): Promise<BatchOutcome | void> {
  await call.post('/inform/batchDelete', { ids });
}

/** What an uploaded list of accounts holds: how many users it reaches, which accounts nobody has. */
export function readAccounts(fileCode: string) {
  return call.get('/inform/readAccounts', { fileCode }, { quiet: true });
}
