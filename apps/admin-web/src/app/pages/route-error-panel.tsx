import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** A page whose code or data could not be loaded: say so and offer to try again. */
export function RouteErrorPanel({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  console.error(error);
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={t('pages.loadFailedTitle')} m="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('pages.loadFailedBody')}</Text>
        <Button
          variant="light"
          color="red"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
