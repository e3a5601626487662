import { Button, Group, List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWarning } from '../lib/notify.js';
import { refusalOf, type BatchAction, type BatchOutcome } from './batch-actions.js';
import { confirmAction } from './confirm.js';

function showOutcome(
  outcome: BatchOutcome,
  t: (key: 'components.batchResultTitle' | 'components.batchFailureSeparator') => string,
  summary: string,
) {
  modals.open({
    title: t('components.batchResultTitle'),
    children: (
      <>
        <Text size="sm" mb="sm" data-testid="batch-summary">
          {summary}
        </Text>
        <List size="sm" spacing={4}>
          {outcome.failed.map((f) => (
            <List.Item key={f.id} data-testid="batch-failure">
              <Text span fw={500}>
                {f.id}
              </Text>
              {t('components.batchFailureSeparator')}
              {f.reason}
            </List.Item>
          ))}
        </List>
      </>
    ),
  });
}

/**
 * The buttons acting on a list's selection. Each refuses with nothing selected (and an edit with more than one),
 * asks its §8 confirmation, runs, and shows which records failed when some did.
 */
export function BatchActionBar<T>({
  actions,
  selected,
  onDone,
}: {
  actions: BatchAction<T>[];
  selected: T[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<string | null>(null);
  const trigger = async (action: BatchAction<T>) => {
    const refusal = refusalOf(action, selected.length);
    if (refusal) {
      notifyWarning(t(`errors.${refusal}`));
      return;
    }
    if (action.confirm && !(await confirmAction(action.confirm, { count: selected.length }))) return;
    setRunning(action.key);
    try {
      const outcome = await action.run(selected);
      if (outcome && outcome.failed.length > 0) {
        showOutcome(
          outcome,
          t,
          t('components.batchResultSummary', { ok: outcome.succeeded, failed: outcome.failed.length }),
        );
      }
      onDone();
    } catch {
      // The API client has shown the failure.
    } finally {
      setRunning(null);
    }
  };
  return (
    <Group gap="xs" data-testid="batch-bar">
      {actions.map((action) => (
        <Button
          key={action.key}
          size="xs"
          variant="light"
          color={action.color}
          loading={running === action.key}
          onClick={() => void trigger(action)}
          data-testid={`batch-${action.key}`}
        >
          {action.label}
        </Button>
      ))}
      {selected.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="batch-selected">
          {t('components.selected', { count: selected.length })}
        </Text>
      )}
    </Group>
  );
}
