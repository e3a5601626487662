import type { OfflinePackBuild, StaffPostInput } from '@kb/contracts';
import { batchOutcomeOf, type BatchOutcome } from '../../../components/batch-actions.js';
import { call, type RowCommand } from '../../../lib/call.js';
import { sayingRefusal } from '../../../lib/refusal-toast.js';

/** The one-pack commands of `/api/offlineRecipes/*` a row sends (each answers the pack's change). */
export type OfflinePackCommandRoute = 'updateTestStatus' | 'updateReleaseStatus' | 'delete';
type OfflinePackCommandInput<R extends OfflinePackCommandRoute> = StaffPostInput<`/offlineRecipes/${R}`>;
/** A one-pack command as a row declares it: its route and what it sends beside the pack's id. */
export type OfflinePackRowCommand = RowCommand<'offlineRecipes', OfflinePackCommandRoute>;

/** A command on one pack; its refusal (a 409 naming the pack and its state) is shown as a toast on this screen. */
export function runOfflinePackCommand<R extends OfflinePackCommandRoute>(
  route: R,
  body: OfflinePackCommandInput<R>,
) {
  return sayingRefusal(
    call.post(
      `/offlineRecipes/${route as OfflinePackCommandRoute}`,
      body as OfflinePackCommandInput<OfflinePackCommandRoute>,
      { quiet: true },
    ),
  );
}

/** A row's command on pack `id`. */
export const runOfflinePackRowCommand = (id: string, command: OfflinePackRowCommand) =>
  runOfflinePackCommand(command.route, {
    id,
    ...command.body,
  } as OfflinePackCommandInput<OfflinePackCommandRoute>);

/** Batch delete; the bar's outcome names each refused pack by its number, with the reason. */
export async function deleteOfflinePacks(ids: string[]): Promise<BatchOutcome> {
  const answer = await call.post('/offlineRecipes/batchDelete', { ids });
  return batchOutcomeOf(answer, (r) => r.number ?? r.id.slice(0, 8));
}

type OfflinePackSaveRoute = 'add' | 'update';
/** The form's saves: `add`, or `update` over the revision the form loaded (409 when it changed since). */
export function saveOfflinePack<R extends OfflinePackSaveRoute>(
  route: R,
  body: StaffPostInput<`/offlineRecipes/${R}`>,
) {
  return call.post(
    `/offlineRecipes/${route as OfflinePackSaveRoute}`,
    body as StaffPostInput<`/offlineRecipes/${OfflinePackSaveRoute}`>,
    { quiet: true },
  );
}

/** Starts building the pack file (a device-ingest job); the answer is the queued build. */
export function buildOfflinePack(id: string): Promise<OfflinePackBuild> {
  // No success toast: the build's badge turns to "queued" at once, where the user is looking.
  return sayingRefusal(call.post('/offlineRecipes/build', { id }, { quiet: true, successMessage: false }));
}
