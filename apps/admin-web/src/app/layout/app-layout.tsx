import { AppShell, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.js';
import { storeLogin } from '../../lib/session.js';
import { parseSessionUser } from '../../lib/session-user.js';
import { screenFor } from '../screens.js';
import { openTab, setTabDirty, tabKey } from '../tabs/tab-bar.js';
import { tabStore } from '../tabs/tab-store.js';
import { BackHeader } from './back-header.js';
import { HeaderBar } from './header-bar.js';
import classes from './layout.module.css';
import { PageHost } from './page-host.js';
import { Sidebar } from './sidebar.js';
import { TabBarView } from './tab-bar-view.js';

/** Keeps the tab bar in step with the address: every page the user reaches gets (or activates) its tab. */
function useTabsFollowLocation() {
  const location = useLocation();
  const key = tabKey(location.pathname, location.searchStr);
  const known = screenFor(location.pathname);
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const left = previous.current;
    previous.current = key;
    tabStore.update((s) => {
      let next = known ? openTab(s, key) : s;
      // A page that is not kept alive loses its input when left, so its tab is no longer "unsaved".
      if (left && left !== key && !screenFor(left.split('?')[0] ?? '')?.keepAlive) {
        next = setTabDirty(next, left, false);
      }
      return next;
    });
  }, [key, known]);
}

/** Asks the browser to warn before leaving the app while some tab has unsaved changes. */
function useWarnBeforeUnload() {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (tabStore.get().tabs.some((t) => t.dirty)) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}

/** The stored login is refreshed from the server once per visit (name, role, brand may have changed). */
function useRefreshUser() {
  const me = useQuery({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => api<{ user: unknown }>('/auth/me', { signal }),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    const user = parseSessionUser(me.data?.user);
    if (user) storeLogin(user);
  }, [me.data]);
}

export function AppLayout() {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'kb.sidebarCollapsed', defaultValue: false });
  useTabsFollowLocation();
  useWarnBeforeUnload();
  useRefreshUser();
  return (
    // Confirmations live under the layout: the public pages need none, and the login route stays small.
    <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: collapsed ? 64 : 232, breakpoint: 0 }}
        padding={0}
        data-testid="layout"
      >
        <AppShell.Header>
          <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        </AppShell.Header>
        <AppShell.Navbar data-collapsed={collapsed || undefined}>
          <Sidebar collapsed={collapsed} />
        </AppShell.Navbar>
        <AppShell.Main className={classes.main}>
          <TabBarView />
          <BackHeader />
          <PageHost />
          <footer className={classes.footer}>
            <Text size="xs" c="dimmed">
              {t('layout.footer', { year: new Date().getFullYear() })}
            </Text>
          </footer>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
