import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Outside the layout: for public addresses where this app has no page. */
export function PublicNotFoundPage() {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <Center h="100%">
      <Stack align="center" gap="xs">
        <Title order={2}>{t('pages.notFoundTitle')}</Title>
        <Text c="dimmed">{t('pages.notFoundBody', { path: pathname })}</Text>
        <Anchor component={Link} to="/login">
          {t('auth.setPassword.backToLogin')}
        </Anchor>
      </Stack>
    </Center>
  );
}
