import type { ApkBatchAnswer, ApkCommandAnswer, ApkContentInput } from '@kb/contracts';
import type { BatchOutcome } from '../../../components/batch-actions.js';
import { api, ApiError } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';

/**
 * A command on one package. Its refusal is shown as the API's message in a toast, on this screen: a 409 names the
 * package and its state, and a 403 here is the four-eyes rule (a role without the permission goes to the
 * no-permission page instead).
 */
export async function runApkCommand(route: string, body: Record<string, unknown>) {
  try {
    return await api<ApkCommandAnswer>(`/subApk/${route}`, {
      json: body,
      quiet: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) notifyError(error.desc);
    throw error;
  }
}

export type ApkBatchRoute = 'batchAudit' | 'batchDelete';

/** A batch over packages; the bar's outcome names each failed package by its version, with the reason. */
export async function runApkBatch(
  route: ApkBatchRoute,
  ids: string[],
  extra: Record<string, unknown> = {},
): Promise<BatchOutcome> {
  const answer = await api<ApkBatchAnswer>(`/subApk/${route}`, {
    json: { ids, ...extra },
  });
  return {
    succeeded: answer.succeeded,
    failed: answer.results
      .filter((r) => !r.ok)
      .map((r) => ({ id: r.versionNumber || r.id.slice(0, 8), reason: r.message ?? '' })),
  };
}

/**
 * The form's saves: `add` (a draft), `addAndApproval` (created and submitted at once), `update` over the
 * revision the form loaded (409 when it changed since). Quiet: the form shows refusals under its fields.
 */
export function saveApk(
  route: 'add' | 'addAndApproval' | 'update',
  body: ApkContentInput & { id?: string; revision?: number },
) {
  return api<ApkCommandAnswer>(`/subApk/${route}`, {
    json: body,
    quiet: true,
  });
}

/** Submit a saved package for review over the revision just saved. */
export function submitApk(id: string, revision: number) {
  return api<ApkCommandAnswer>('/subApk/commitApproval', {
    json: { id, revision },
    quiet: true,
  });
}
