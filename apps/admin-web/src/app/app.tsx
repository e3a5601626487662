import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { colorSchemeManager } from '../lib/color-scheme.js';
import { DAYJS_LOCALE, isUiLang } from '../lib/language.js';
import { queryClient } from './query-client.js';
import { router } from './router.js';
import { cssVariablesResolver, theme } from './theme.js';

export function App() {
  const { i18n } = useTranslation();
  const lang = isUiLang(i18n.language) ? i18n.language : 'zh';
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
      >
        {/* Mantine's own texts: date pickers follow the dayjs locale (confirm dialogs: see AppLayout). */}
        <DatesProvider settings={{ locale: DAYJS_LOCALE[lang], firstDayOfWeek: lang === 'zh' ? 1 : 0 }}>
          {/* Bottom centre: a toast never covers the header's controls (language, user menu), the tab bar, or the
              right-aligned save and submit buttons at the end of a form. */}
          <Notifications position="bottom-center" zIndex={1000} />
          <RouterProvider router={router} />
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
