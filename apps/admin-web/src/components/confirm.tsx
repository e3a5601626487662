import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { consoleAppZh } from '../app/i18n/console-zh.js';

/** The §8 actions that ask for confirmation first. */
export type ConfirmKind = Exclude<keyof typeof consoleAppZh.confirm, 'title'>;

function Message({ kind, count }: { kind: ConfirmKind; count?: number }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="confirm-message">
      {t(`confirm.${kind}`, { count: count ?? 1 })}
    </Text>
  );
}

function Title() {
  const { t } = useTranslation();
  return <>{t('confirm.title')}</>;
}

function Label({ k }: { k: 'common.confirm' | 'common.cancel' }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}

/**
 * Asks before a §8 action; resolves true when the user confirms. The texts follow a language switch. `details`
 * goes under the question (e.g. what a release would not reach).
 */
export function confirmAction(
  kind: ConfirmKind,
  options: { count?: number; details?: ReactNode } = {},
): Promise<boolean> {
  const danger = (['delete', 'batchDelete', 'unitDelete', 'clear', 'batchClear'] as ConfirmKind[]).includes(
    kind,
  );
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: <Title />,
      children: (
        <>
          <Message kind={kind} count={options.count} />
          {options.details}
        </>
      ),
      labels: { confirm: <Label k="common.confirm" />, cancel: <Label k="common.cancel" /> },
      confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-ok' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
