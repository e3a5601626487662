import type { Permission } from '@kb/contracts';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../confirm-button.js';
import type { ConfirmKind } from '../confirm.js';
import { useCan } from '../../lib/use-can.js';

/** A list row's own buttons, for a role holding `permission`: edit, and delete after its §8 confirmation. */
export function RowActions({
  onEdit,
  onDelete,
  permission,
  confirm = 'delete',
}: {
  onEdit?: () => void;
  onDelete: () => Promise<unknown>;
  permission: Permission;
  confirm?: ConfirmKind;
}) {
  const { t } = useTranslation();
  if (!useCan(permission)) return null;
  return (
    <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
      {onEdit && (
        <Button size="xs" variant="subtle" onClick={onEdit} data-testid="row-edit">
          {t('common.edit')}
        </Button>
      )}
      <ConfirmButton kind={confirm} color="red" onConfirm={onDelete} data-testid="row-delete">
        {t('common.delete')}
      </ConfirmButton>
    </Group>
  );
}
