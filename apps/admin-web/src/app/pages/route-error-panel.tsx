import type { UiLang } from '@kb/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * A page whose code or data could not be loaded: say so and offer to try again, in the console's language or in
 * the page's own (`lang`; these words come with the entry in both).
 */
export function RouteErrorPanel({ error, reset, lang }: ErrorComponentProps & { lang?: UiLang }) {
  const { t } = useTranslation(undefined, { lng: lang });
  const router = useRouter();
  console.error(error);
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={t('pages.loadFailedTitle')} m="md">
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
