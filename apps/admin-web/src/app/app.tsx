import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { colorSchemeManager } from '../lib/color-scheme-manager.js';
import { router } from './router.js';
import { cssVariablesResolver, theme } from './theme.js';

const Notifications = lazy(() => import('./toasts-container.js').then((m) => ({ default: m.Notifications })));

/**
 * The toasts' container, fetched with the first toast: most visits to the login page show none, and its code
 * (with its transitions and swipe handling) need not load before the page does.
 */
function Toasts() {
  const shown = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(shown);
  if (shown && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      {/* Bottom centre: a toast never covers the header's controls (language, user menu), the tab bar, or the
          right-aligned save and submit buttons at the end of a form. */}
      <Notifications position="bottom-center" zIndex={1000} />
    </Suspense>
  ) : null;
}

export function App() {
  // The query cache's provider comes with the pages that use it (`withQueries`), not with the login page.
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Toasts />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
