import { Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Opens a modal whose content answers a question: resolves with what `content` hands to `done`, or null when the
 * user closes it. The audit, rollout-start and untested-release dialogs ask through it.
 */
export function askInModal<T>(
  title: ReactNode,
  content: (done: (answer: T | null) => void) => ReactNode,
  size?: string,
): Promise<T | null> {
  return new Promise((resolve) => {
    const id = modals.open({
      title,
      size,
      children: content((answer) => {
        resolve(answer);
        modals.close(id);
      }),
      onClose: () => resolve(null),
    });
  });
}

/** The answer buttons of such a dialog, to the right: Cancel (it answers nothing), then the dialog's own. */
export function DialogButtons({
  onCancel,
  cancelTestId,
  children,
}: {
  onCancel: () => void;
  cancelTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} data-testid={cancelTestId}>
        {t('common.cancel')}
      </Button>
      {children}
    </Group>
  );
}
