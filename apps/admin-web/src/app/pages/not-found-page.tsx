import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <Stack align="flex-start" gap="sm" data-testid="not-found">
      <Title order={2}>404</Title>
      <Title order={3}>{t('pages.notFoundTitle')}</Title>
      <Text c="dimmed">{t('pages.notFoundBody', { path: pathname })}</Text>
      <Button component={Link} to="/home">
        {t('pages.goHome')}
      </Button>
    </Stack>
  );
}
