import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * §5 "only one record can be edited at a time": someone saved the record after it was loaded here (409). Says
 * so and offers to load the latest version.
 */
export function ConflictAlert({
  onReload,
  reloading,
}: {
  /** Loads the latest version; while a returned promise runs, the button shows it is busy. */
  onReload: () => unknown;
  reloading?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title={t('components.conflictTitle')}
      data-testid="conflict"
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">{t('components.conflictBody')}</Text>
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={14} />}
          loading={reloading || busy}
          onClick={() => {
            const done = onReload();
            if (done instanceof Promise) {
              setBusy(true);
              void done.finally(() => setBusy(false));
            }
          }}
          data-testid="conflict-reload"
        >
          {t('components.conflictReload')}
        </Button>
      </Group>
    </Alert>
  );
}
