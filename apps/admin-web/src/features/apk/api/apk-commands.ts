import type { StaffPostInput } from '@kb/contracts';
import { batchOutcomeOf, type BatchOutcome } from '../../../components/batch-actions.js';
import { call, type ExtraArg, type InputBeside, type RowCommand } from '../../../lib/call.js';
import { sayingRefusal } from '../../../lib/refusal-toast.js';

/** The one-package commands of `/api/subApk/*` the screens send (each answers the package's change). */
export type ApkCommandRoute =
  | 'commitApproval'
  | 'recall'
  | 'auditPass'
  | 'auditReturn'
  | 'updateTestStatus'
  | 'updateReleaseStatus'
  | 'rollout/start'
  | 'rollout/advance'
  | 'rollout/pause'
  | 'rollout/resume'
  | 'rollout/rollback'
  | 'rollout/complete'
  | 'delete';
type ApkCommandInput<R extends ApkCommandRoute> = StaffPostInput<`/subApk/${R}`>;
/** A one-package command as a row declares it: its route and what it sends beside the package's id. */
export type ApkRowCommand = RowCommand<'subApk', ApkCommandRoute>;

/**
 * A command on one package. Its refusal is shown as the API's message in a toast, on this screen: a 409 names the
 * package and its state, and a 403 here is the four-eyes rule (a role without the permission goes to the
 * no-permission page instead).
 */
export function runApkCommand<R extends ApkCommandRoute>(route: R, body: ApkCommandInput<R>) {
  return sayingRefusal(
    call.post(`/subApk/${route as ApkCommandRoute}`, body as ApkCommandInput<ApkCommandRoute>, {
      quiet: true,
    }),
  );
}

/** A row's command on package `id`. */
export const runApkRowCommand = (id: string, command: ApkRowCommand) =>
  runApkCommand(command.route, { id, ...command.body } as ApkCommandInput<ApkCommandRoute>);

export type ApkBatchRoute = 'batchAudit' | 'batchDelete';
/** A batch over packages; the bar's outcome names each failed package by its version, with the reason. */
export async function runApkBatch<R extends ApkBatchRoute>(
  route: R,
  ids: string[],
  ...[extra]: ExtraArg<InputBeside<'subApk', R, 'ids'>>
): Promise<BatchOutcome> {
  const body = { ids, ...extra } as StaffPostInput<`/subApk/${ApkBatchRoute}`>;
  const answer = await call.post(`/subApk/${route as ApkBatchRoute}`, body);
  return batchOutcomeOf(answer, (r) => r.versionNumber || r.id.slice(0, 8));
}

type ApkSaveRoute = 'add' | 'addAndApproval' | 'update';
/**
 * The form's saves: `add` (a draft), `addAndApproval` (created and submitted at once), `update` over the
 * revision the form loaded (409 when it changed since). Quiet: the form shows refusals under its fields.
 */
export function saveApk<R extends ApkSaveRoute>(route: R, body: StaffPostInput<`/subApk/${R}`>) {
  return call.post(`/subApk/${route as ApkSaveRoute}`, body as StaffPostInput<`/subApk/${ApkSaveRoute}`>, {
    quiet: true,
  });
}

/** Submit a saved package for review over the revision just saved. */
export function submitApk(id: string, revision: number) {
  return call.post('/subApk/commitApproval', { id, revision }, { quiet: true });
}
