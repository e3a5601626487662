import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

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
