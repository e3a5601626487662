import type { OfflinePackListItem, Permission } from '@kb/contracts';

/** What a row (or the edit page) offers for a pack. */
export type OfflinePackAction =
  'edit' | 'publishTest' | 'cancelTest' | 'publishOnline' | 'cancelOnline' | 'delete';

/** What each action needs in the role matrix (the API's permission of the route it calls). */
export const OFFLINE_PACK_PERMISSIONS: Record<OfflinePackAction, Permission> = {
  edit: 'offlinePack.edit',
  publishTest: 'offlinePack.test',
  cancelTest: 'offlinePack.test',
  publishOnline: 'offlinePack.online',
  cancelOnline: 'offlinePack.online',
  delete: 'offlinePack.edit',
};

/**
 * The actions the pack's test and release status allow, as the offline-pack decider's transition table has them
 * (libs/domain/src/offline-pack/README.md): edits only while not online, delete only on no device, and each
 * publish or cancel only where it changes something. Publishing also needs a finished build of the current
 * content; the API says so when it is missing.
 */
export function offlinePackActions(
  pack: Pick<OfflinePackListItem, 'testStatus' | 'releaseStatus'>,
): OfflinePackAction[] {
  const testing = pack.testStatus === 'testing';
  const online = pack.releaseStatus === 'online';
  const actions: OfflinePackAction[] = [];
  if (!online) actions.push('edit');
  actions.push(testing ? 'cancelTest' : 'publishTest');
  actions.push(online ? 'cancelOnline' : 'publishOnline');
  if (!testing && !online) actions.push('delete');
  return actions;
}

/** Whether the pack file may be (re)built: an online pack's file is what devices have. */
export const canBuild = (pack: Pick<OfflinePackListItem, 'releaseStatus'>) => pack.releaseStatus !== 'online';
