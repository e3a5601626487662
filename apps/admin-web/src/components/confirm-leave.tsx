import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from '../lib/page-context.js';

/**
 * A dirty form is never lost without a question. A page that is not kept alive loses its input when the user
 * goes to another tab or page, so leaving it while dirty asks first; a kept-alive page keeps its input and lets
 * the user go. `confirmDiscard` asks the same question for a Cancel button (whatever the page), and `leaveFreely`
 * runs a navigation that needs no question (after a save, or after the user already agreed).
 */
export function useConfirmLeave(dirty: boolean): {
  confirmDiscard: () => Promise<boolean>;
  leaveFreely: <T>(go: () => Promise<T> | T) => Promise<T>;
} {
  const { t } = useTranslation();
  const page = usePageContext();
  const free = useRef(false);

  const confirmDiscard = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modals.openConfirmModal({
          title: t('components.leaveTitle'),
          children: <Text size="sm">{t('components.leaveMessage')}</Text>,
          labels: { confirm: t('components.leaveDiscard'), cancel: t('components.leaveStay') },
          confirmProps: { color: 'red', 'data-testid': 'leave-discard' },
          cancelProps: { 'data-testid': 'leave-stay' },
          onConfirm: () => resolve(true),
          // Cancel, Escape or a click outside: stay (a later call of resolve is ignored).
          onClose: () => resolve(false),
        });
      }),
    [t],
  );

  useBlocker({
    shouldBlockFn: async () => {
      if (free.current || (page && !page.isOpen(page.tabKey))) return false;
      return !(await confirmDiscard());
    },
    disabled: !dirty || (page?.keptAlive ?? false),
    enableBeforeUnload: false,
  });

  const leaveFreely = useCallback(async <T,>(go: () => Promise<T> | T): Promise<T> => {
    free.current = true;
    try {
      const result = await go();
      // A navigation started by `go` checks its blockers within this task; later ones are asked about again.
      setTimeout(() => (free.current = false), 0);
      return result;
    } catch (error) {
      free.current = false;
      throw error;
    }
  }, []);

  return { confirmDiscard, leaveFreely };
}
