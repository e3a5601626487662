import type { Permission } from '@kb/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCan } from '../lib/use-can.js';
import type { BatchAction } from './batch-actions.js';
import { ConfirmButton } from './confirm-button.js';

/** A row's Delete button, for a role holding `permission`: asks the §8 question, then deletes that record. */
export function RowDeleteButton({
  onConfirm,
  permission,
}: {
  onConfirm: () => Promise<unknown>;
  permission: Permission;
}) {
  const { t } = useTranslation();
  if (!useCan(permission)) return null;
  return (
    <ConfirmButton kind="delete" color="red" data-testid="row-delete" onConfirm={onConfirm}>
      {t('common.delete')}
    </ConfirmButton>
  );
}

/** The batch-action bar's Delete: asks with the number selected, then deletes the selected records by id. */
export function batchDeleteAction<T extends { id: string }>(
  t: TFunction,
  permission: Permission,
  remove: (ids: string[]) => Promise<unknown>,
): BatchAction<T> {
  return {
    key: 'delete',
    label: t('common.delete'),
    color: 'red',
    confirm: 'batchDelete',
    permission,
    run: async (records) => {
      await remove(records.map((r) => r.id));
    },
  };
}
