import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="sm" data-testid="no-permission">
      <ThemeIcon size={48} radius="xl" color="orange" variant="light">
        <IconLock size={26} />
      </ThemeIcon>
      <Title order={3}>{t('pages.noPermissionTitle')}</Title>
      <Text c="dimmed">{t('pages.noPermissionBody')}</Text>
      <Button component={Link} to="/home">
        {t('pages.goHome')}
      </Button>
    </Stack>
  );
}
