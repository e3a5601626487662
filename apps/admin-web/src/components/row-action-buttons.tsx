import { Button, Group } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A record's own buttons in a list row or a detail header: one small button per action its state allows, labelled
 * from `labels` (translation keys), delete in red; clicks do not reach the row (which opens the record).
 */
export function RowActionButtons<A extends string>({
  actions,
  labels,
  onAction,
  wrap = 'wrap',
}: {
  actions: readonly A[];
  labels: Record<A, ParseKeys>;
  onAction: (action: A) => void;
  wrap?: 'wrap' | 'nowrap';
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap={wrap} onClick={(e) => e.stopPropagation()}>
      {actions.map((action) => (
        <Button
          key={action}
          size="compact-xs"
          variant="subtle"
          color={action === 'delete' ? 'red' : undefined}
          onClick={() => onAction(action)}
          data-testid={`row-${action}`}
        >
          {t(labels[action])}
        </Button>
      ))}
    </Group>
  );
}
