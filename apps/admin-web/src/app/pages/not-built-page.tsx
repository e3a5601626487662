import { Paper, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useMatch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext, usePageDirty } from '../../lib/page-context.js';
import { screenFor } from '../screens.js';
import { pathOfKey } from '../tabs/tab-bar.js';

/**
 * What a screen of a later release shows meanwhile: its real title, a plain statement, and a notes field that
 * behaves like any form (kept while a kept-alive tab is hidden, marks the tab as unsaved).
 */
export function NotBuiltPage() {
  const { t } = useTranslation();
  const page = usePageContext();
  // Drawn by the router, its own route says which screen it is: right after a navigation the layout's tab (and
  // so the page context) is already the next screen's while this one is still shown, for a render. A kept-alive
  // screen is drawn by the layout for its own tab.
  const match = useMatch({ strict: false, shouldThrow: false });
  const path = page && !page.keptAlive && match ? match.pathname : page ? pathOfKey(page.tabKey) : undefined;
  const screen = path ? screenFor(path) : undefined;
  const [notes, setNotes] = useState('');
  usePageDirty(notes.trim() !== '');
  const title = screen ? t(`routes.${screen.title}`) : '';
  return (
    <Paper withBorder p="xl" radius="md" maw={720} data-testid="not-built">
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconTools size={26} />
        </ThemeIcon>
        <Title order={3}>{t('pages.notBuiltTitle', { title })}</Title>
        <Text c="dimmed">{t('pages.notBuiltBody')}</Text>
        <Textarea
          label={t('pages.notesLabel')}
          description={t('pages.notesHint')}
          autosize
          minRows={3}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          data-testid="page-notes"
        />
      </Stack>
    </Paper>
  );
}
