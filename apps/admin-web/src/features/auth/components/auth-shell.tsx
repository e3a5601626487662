import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select.js';
import { usePublicConfig } from '../api/get-public-config.js';
import classes from './auth-shell.module.css';

/** The frame of the public pages: language dropdown, a card, and the footer with the company name (§1). */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const company = config.data?.companyName?.trim() || t('auth.login.defaultCompany');
  useEffect(() => {
    document.title = `${title} - ${t('layout.appName')}`;
  }, [title, t]);
  return (
    <Box className={classes.page}>
      <Group justify="flex-end" p="md">
        <LanguageSelect />
      </Group>
      <Center component="main" className={classes.center}>
        <Paper className={classes.card} shadow="md" radius="md" p="xl" withBorder>
          <Stack gap={4} mb="lg">
            <Text size="sm" c="dimmed">
              {t('layout.appName')}
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
          </Stack>
          {children}
        </Paper>
      </Center>
      <Text component="footer" className={classes.footer} data-testid="login-footer">
        {t('auth.login.footer', { year: new Date().getFullYear(), company })}
      </Text>
    </Box>
  );
}
