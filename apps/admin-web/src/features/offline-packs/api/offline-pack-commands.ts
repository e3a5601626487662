import type {
  OfflinePackBatchAnswer,
  OfflinePackBuild,
  OfflinePackCommandAnswer,
  OfflinePackContentInput,
} from '@kb/contracts';
import type { BatchOutcome } from '../../../components/batch-actions.js';
import { api, ApiError } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';

/** A command on one pack; its refusal (a 409 naming the pack and its state) is shown as a toast on this screen. */
export async function runOfflinePackCommand(route: string, body: Record<string, unknown>) {
  try {
    return await api<OfflinePackCommandAnswer>(`/offlineRecipes/${route}`, {
      json: body,
      quiet: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) notifyError(error.desc);
    throw error;
  }
}

/** Batch delete; the bar's outcome names each refused pack by its number, with the reason. */
export async function deleteOfflinePacks(ids: string[]): Promise<BatchOutcome> {
  const answer = await api<OfflinePackBatchAnswer>('/offlineRecipes/batchDelete', {
    json: { ids },
  });
  return {
    succeeded: answer.succeeded,
    failed: answer.results
      .filter((r) => !r.ok)
      .map((r) => ({ id: r.number ?? r.id.slice(0, 8), reason: r.message ?? '' })),
  };
}

/** The form's saves: `add`, or `update` over the revision the form loaded (409 when it changed since). */
export function saveOfflinePack(
  route: 'add' | 'update',
  body: OfflinePackContentInput & { id?: string; revision?: number },
) {
  return api<OfflinePackCommandAnswer>(`/offlineRecipes/${route}`, {
    json: body,
    quiet: true,
  });
}

/** Starts building the pack file (a device-ingest job); the answer is the queued build. */
export async function buildOfflinePack(id: string): Promise<OfflinePackBuild> {
  try {
    // No success toast: the build's badge turns to "queued" at once, where the user is looking.
    return await api<OfflinePackBuild>('/offlineRecipes/build', {
      json: { id },
      quiet: true,
      successMessage: false,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) notifyError(error.desc);
    throw error;
  }
}
