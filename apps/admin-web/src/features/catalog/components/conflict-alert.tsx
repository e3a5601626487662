import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * §5 "only one record can be edited at a time": someone saved the record after it was loaded here (409). Says
 * so and offers to load the latest version.
 */
export function ConflictAlert({ onReload, reloading }: { onReload: () => void; reloading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title={t('catalog.conflictTitle')}
      data-testid="conflict"
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">{t('catalog.conflictBody')}</Text>
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={14} />}
          loading={reloading}
          onClick={onReload}
          data-testid="conflict-reload"
        >
          {t('catalog.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
