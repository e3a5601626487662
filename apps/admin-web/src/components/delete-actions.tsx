import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BatchAction } from './batch-actions.js';
import { ConfirmButton } from './confirm-button.js';

/** A row's Delete button: asks the §8 question, then deletes that record. */
export function RowDeleteButton({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <ConfirmButton kind="delete" color="red" data-testid="row-delete" onConfirm={onConfirm}>
      {t('common.delete')}
    </ConfirmButton>
  );
}

/** The batch-action bar's Delete: asks with the number selected, then deletes the selected records. */
export function batchDeleteAction<T>(
  t: TFunction,
  remove: (records: T[]) => Promise<unknown>,
): BatchAction<T> {
  return {
    key: 'delete',
    label: t('common.delete'),
    color: 'red',
    confirm: 'batchDelete',
    run: async (records) => {
      await remove(records);
    },
  };
}
