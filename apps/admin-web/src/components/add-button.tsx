import type { Permission } from '@kb/contracts';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, type NavigateOptions } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../lib/use-can.js';

/**
 * A list's Add button, opening the add page `to`; shown only to a role holding `permission` (when one is named).
 * Its label is "Add" unless the list names what it adds.
 */
export function AddButton({
  to,
  permission,
  label,
}: {
  to: NavigateOptions['to'];
  permission?: Permission;
  label?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = usePermissions();
  if (permission && !can(permission)) return null;
  return (
    <Button
      size="xs"
      leftSection={<IconPlus size={14} />}
      onClick={() => void navigate({ to })}
      data-testid="add"
    >
      {label ?? t('common.add')}
    </Button>
  );
}
