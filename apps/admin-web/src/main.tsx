import './app/mantine-public-styles.js';
import './app/global.css';
import { Text } from '@mantine/core';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { i18n, initI18n } from './app/i18n/i18n.js';
import { loadedQueryClient } from './lib/loaded-query-client.js';
import { askFirstData } from './app/first-queries.js';
import { askFirstCode } from './app/first-code.js';
import { router } from './app/router.js';
import { configureApi } from './lib/api-client.js';
import { currentLanguage } from './lib/language.js';
import { notifyApplying, notifyError, notifySuccess } from './lib/notify.js';
import { connectSession, endSession } from './lib/session-control.js';
import { claimTabForStoredUser } from './lib/session.js';

// The page's code first: it is the longest wait, and nothing below needs it.
askFirstCode(window.location.pathname);
claimTabForStoredUser();

await initI18n();

connectSession({
  toLogin: (search) => router.navigate({ to: '/login', search }),
  currentHref: () => router.state.location.href,
  onEnding: () => {
    const queryClient = loadedQueryClient();
    if (!queryClient) return;
    // Polling pages (device status) and kept-alive tabs stay mounted until /login is shown: their observers are
    // let go (no refetch on render, no poll), and what is under way is cancelled.
    for (const query of queryClient.getQueryCache().getAll())
      for (const observer of [...query.observers]) observer.destroy();
    void queryClient.cancelQueries();
  },
  onEnd: (reason) => {
    loadedQueryClient()?.clear();
    // The tabs' code came with the console (the only place a session can end from), so this is no download.
    if (reason !== 'expired') void import('./app/tabs/tab-store.js').then((m) => m.tabStore.reset());
  },
});

let lastForbidden = 0;
configureApi({
  lang: currentLanguage,
  text: (key) => i18n.t(`messages.${key}`),
  onUnauthorized: () => endSession('expired'),
  onForbidden: () => {
    // Several calls of one screen may answer 403 together: one move is enough.
    if (Date.now() - lastForbidden < 1000) return;
    lastForbidden = Date.now();
    void router.navigate({ to: '/no-permission' });
  },
  // The request's id under the message, so the user can quote it to support (who find its log lines by it).
  onError: (desc, error) =>
    notifyError(
      error.requestId ? (
        <>
          {desc}
          <Text size="xs" c="dimmed" data-testid="error-request-id" style={{ userSelect: 'all' }}>
            {i18n.t('messages.requestId', { id: error.requestId })}
          </Text>
        </>
      ) : (
        desc
      ),
      error,
    ),
  onSuccess: notifySuccess,
  onApplying: () => notifyApplying(i18n.t('messages.applying')),
  // A refetch slower than this does not hold the command up: its screen shows its own loading state.
  refreshScreens: () =>
    Promise.race([
      loadedQueryClient()?.invalidateQueries(),
      new Promise<void>((done) => setTimeout(done, 5000)),
    ]),
});

// The page's first data is asked now, beside the downloads of its code rather than after them.
askFirstData(window.location.pathname);

// Server texts (`desc`, localised names) follow the language: ask again after a switch.
i18n.on('languageChanged', () => void loadedQueryClient()?.invalidateQueries());

// In a transition: React draws the first page in slices, with the browser free to paint and read answers between.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
