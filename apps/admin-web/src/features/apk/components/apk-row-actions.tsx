import type { ApkListItem } from '@kb/contracts';
import { useNavigate } from '@tanstack/react-router';
import { confirmAction, type ConfirmKind } from '../../../components/confirm.js';
import { RELEASE_COMMANDS } from '../../../components/release-commands.js';
import { RowActionButtons } from '../../../components/row-action-buttons.js';
import { useStoredUser } from '../../../lib/use-stored-user.js';
import { call } from '../../../lib/call.js';
import { runApkCommand, runApkRowCommand, type ApkRowCommand } from '../api/apk-commands.js';
import { apkRowActions, type ApkRowAction } from '../rules/apk-actions.js';
import { askAuditDecision } from './audit-dialog.js';
import { publishOnlineAskingReason } from '../../../components/override-reason-dialog.js';

/** Online, asking a reason first when the package was never tested (recorded in its history). */
const publishOnline = (id: string) =>
  publishOnlineAskingReason({
    send: () => call.post('/subApk/updateReleaseStatus', { id, online: true }, { quiet: true }),
    untestedCode: 'apk_untested_release',
    words: {
      title: 'apk.onlineOverride.title',
      hint: 'apk.onlineOverride.hint',
      reason: 'apk.rollout.overrideReason',
      required: 'apk.rollout.overrideRequired',
    },
    sendAgain: (overrideReason) => runApkCommand('updateReleaseStatus', { id, online: true, overrideReason }),
  });

/** The one-package commands of the row: endpoint, body and the §8 confirmation asked first (releases: shared). */
const COMMANDS: Partial<Record<ApkRowAction, ApkRowCommand & { confirm: ConfirmKind }>> = {
  submit: { route: 'commitApproval', confirm: 'submitAudit' },
  recall: { route: 'recall', confirm: 'undo' },
  ...RELEASE_COMMANDS,
};

const LABELS = {
  detail: 'common.detail',
  edit: 'common.edit',
  submit: 'apk.actions.submit',
  recall: 'apk.actions.recall',
  audit: 'apk.actions.audit',
  publishTest: 'apk.actions.publishTest',
  cancelTest: 'apk.actions.cancelTest',
  publishOnline: 'apk.actions.publishOnline',
  cancelOnline: 'apk.actions.cancelOnline',
  delete: 'common.delete',
} as const satisfies Record<ApkRowAction, string>;

/** Runs one row action on a package (after its confirmation); resolves true when something was sent and done. */
export function useApkAction(apk: Pick<ApkListItem, 'id' | 'versionNumber'>) {
  const navigate = useNavigate();
  return async (action: ApkRowAction): Promise<boolean> => {
    if (action === 'edit' || action === 'detail') {
      void navigate({ to: action === 'edit' ? '/apk-edit' : '/apk-detail', search: { id: apk.id } });
      return false;
    }
    try {
      if (action === 'audit') {
        const decision = await askAuditDecision(apk.versionNumber || apk.id.slice(0, 8));
        if (!decision) return false;
        if (decision.pass) await runApkCommand('auditPass', { id: apk.id });
        else await runApkCommand('auditReturn', { id: apk.id, reason: decision.reason });
        return true;
      }
      const command = COMMANDS[action];
      if (!command || !(await confirmAction(command.confirm))) return false;
      if (action === 'publishOnline') return await publishOnline(apk.id);
      await runApkRowCommand(apk.id, command);
      return true;
    } catch {
      // runApkCommand has shown the refusal.
      return false;
    }
  };
}

/** A package's own buttons: only the actions its state (and the user's role) allow. */
export function ApkRowActions({
  apk,
  onChanged,
  exclude = [],
}: {
  apk: ApkListItem;
  onChanged: () => void;
  exclude?: ApkRowAction[];
}) {
  const user = useStoredUser();
  const act = useApkAction(apk);
  return (
    <RowActionButtons
      actions={apkRowActions(apk, user?.role ?? null, user?.account ?? null).filter(
        (action) => !exclude.includes(action),
      )}
      labels={LABELS}
      onAction={(action) => void act(action).then((done) => done && onChanged())}
    />
  );
}
