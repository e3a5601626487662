import type { OfflinePackListItem } from '@kb/contracts';
import { useNavigate } from '@tanstack/react-router';
import { confirmAction, type ConfirmKind } from '../../../components/confirm.js';
import { RELEASE_COMMANDS } from '../../../components/release-commands.js';
import { RowActionButtons } from '../../../components/row-action-buttons.js';
import { call } from '../../../lib/call.js';
import {
  runOfflinePackCommand,
  runOfflinePackRowCommand,
  type OfflinePackRowCommand,
} from '../api/offline-pack-commands.js';
import {
  OFFLINE_PACK_PERMISSIONS,
  offlinePackActions,
  type OfflinePackAction,
} from '../rules/offline-pack-actions.js';
import { publishOnlineAskingReason } from '../../../components/override-reason-dialog.js';
import { OfflinePackCompatibilityWarning } from './pack-compatibility.js';

/** Online, asking a reason first when the pack never went to the test devices (recorded in its history). */
const publishOnline = (id: string) =>
  publishOnlineAskingReason({
    send: () => call.post('/offlineRecipes/updateReleaseStatus', { id, online: true }, { quiet: true }),
    untestedCode: 'offline_pack_untested_release',
    words: {
      title: 'offlinePacks.onlineOverride.title',
      hint: 'offlinePacks.onlineOverride.hint',
      reason: 'offlinePacks.onlineOverride.reason',
      required: 'offlinePacks.onlineOverride.required',
    },
    sendAgain: (overrideReason) =>
      runOfflinePackCommand('updateReleaseStatus', { id, online: true, overrideReason }),
  });

/** Releases (test or online) show, under their confirmation, the devices the pack would not fit. */
const RELEASES: ReadonlySet<OfflinePackAction> = new Set(['publishTest', 'publishOnline']);

/** The one-pack commands (the release commands packages have too): endpoint, body and the §8 confirmation. */
const COMMANDS: Record<
  Exclude<OfflinePackAction, 'edit'>,
  OfflinePackRowCommand & { confirm: ConfirmKind }
> = RELEASE_COMMANDS;

const LABELS = {
  edit: 'common.edit',
  publishTest: 'offlinePacks.actions.publishTest',
  cancelTest: 'offlinePacks.actions.cancelTest',
  publishOnline: 'offlinePacks.actions.publishOnline',
  cancelOnline: 'offlinePacks.actions.cancelOnline',
  delete: 'common.delete',
} as const satisfies Record<OfflinePackAction, string>;

/**
 * A pack's own buttons: only what its test and release status allow and the role may do, each behind its §8
 * confirmation.
 */
export function OfflinePackRowActions({
  pack,
  onChanged,
  exclude = [],
}: {
  pack: OfflinePackListItem;
  onChanged: () => void;
  exclude?: OfflinePackAction[];
}) {
  const navigate = useNavigate();
  const act = async (action: OfflinePackAction) => {
    if (action === 'edit') {
      void navigate({ to: '/offline-recipes-edit', search: { id: pack.id } });
      return;
    }
    const command = COMMANDS[action];
    const details = RELEASES.has(action) ? <OfflinePackCompatibilityWarning id={pack.id} /> : undefined;
    if (!(await confirmAction(command.confirm, { details }))) return;
    try {
      if (action === 'publishOnline') {
        if (await publishOnline(pack.id)) onChanged();
        return;
      }
      await runOfflinePackRowCommand(pack.id, command);
      onChanged();
    } catch {
      // runOfflinePackRowCommand has shown the refusal.
    }
  };
  return (
    <RowActionButtons
      actions={offlinePackActions(pack).filter((action) => !exclude.includes(action))}
      labels={LABELS}
      permissions={OFFLINE_PACK_PERMISSIONS}
      onAction={(action) => void act(action)}
    />
  );
}
