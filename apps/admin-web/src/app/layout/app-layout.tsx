// Mantine's styles (with the date pickers' and the tables') come with the layout's, not with the first widget a screen
// draws: a stylesheet a lazy piece adds while the page is first drawn holds that first paint until it has arrived.
// Every table's own styles are there from the start: without them its hidden "no records" state shows under its rows.
import './mantine-styles.js';
import { AppShell, Text, useMantineTheme } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionCheckQuery } from '../../features/auth/api/session-check.js';
import { DAYJS_LOCALE, isUiLang } from '../../lib/language.js';
import '../i18n/dates.js';
import { KeyboardShortcuts } from '../../components/keyboard-shortcuts.js';
import { getStoredUser, storeLogin } from '../../lib/session.js';
import { parseSessionUser } from '../../lib/session-user.js';
import { screenFor } from '../screens.js';
import { openTab, setTabDirty, tabKey } from '../tabs/tab-bar.js';
import { tabStore } from '../tabs/tab-store.js';
import { BackHeader } from './back-header.js';
import { HeaderBar } from './header-bar.js';
import classes from './layout.module.css';
import { DrawnInSlices } from './drawn-in-slices.js';
import { PageHost } from './page-host.js';
import { Sidebar } from './sidebar.js';
import { TabBarView } from './tab-bar-view.js';
import { withQueries } from '../../lib/query-client.js';

const CommandPalette = lazy(() =>
  import('./command-palette.js').then((m) => ({ default: m.CommandPalette })),
);

/** The command palette's state: its code loads the first time it is asked for. */
function usePalette() {
  const [requested, setRequested] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => {
    setRequested(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { requested, opened, open, close };
}

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

/**
 * The stored login is refreshed from the server once per visit (name, role, brand may have changed). A component of
 * its own: the session check's answer draws this alone, not the whole console.
 */
function RefreshUser() {
  const me = useQuery(sessionCheckQuery);
  useEffect(() => {
    const user = parseSessionUser(me.data?.user);
    // Mostly the user already stored: the screens showing it (names, the buttons the role may use) stay as drawn.
    if (user && JSON.stringify(user) !== JSON.stringify(getStoredUser())) storeLogin(user);
  }, [me.data]);
  return null;
}

/**
 * The menu's two forms: on a wide screen a sidebar the burger folds to a rail (remembered); on a narrow one
 * (a phone, below Mantine's `sm`) a drawer over the page, closed until the burger opens it and closed again
 * when a page is chosen.
 */
function useMenuState() {
  const theme = useMantineTheme();
  const narrow = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'kb.sidebarCollapsed', defaultValue: false });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useLocation({ select: (l) => l.pathname });
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setDrawerOpen(false);
  }
  return narrow
    ? { narrow, folded: !drawerOpen, toggle: () => setDrawerOpen(!drawerOpen) }
    : { narrow, folded: collapsed, toggle: () => setCollapsed(!collapsed) };
}

function AppLayoutPage() {
  const { t, i18n } = useTranslation();
  const lang = isUiLang(i18n.language) ? i18n.language : 'zh';
  const menu = useMenuState();
  // The rail is a wide-screen form only: the drawer always shows the whole menu.
  const rail = !menu.narrow && menu.folded;
  useTabsFollowLocation();
  useWarnBeforeUnload();
  const palette = usePalette();
  // The layout is drawn in slices (and its page in slices after it): see DrawnInSlices.
  return (
    <DrawnInSlices>
      {/* Date pickers (their locale and first weekday) and confirmations live under the layout: the public pages
          need none, and the login route stays small. Mantine's own texts follow the UI language. */}
      <DatesProvider settings={{ locale: DAYJS_LOCALE[lang], firstDayOfWeek: lang === 'zh' ? 1 : 0 }}>
        <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
          <AppShell
            header={{ height: 56 }}
            navbar={{
              width: rail ? 64 : 232,
              breakpoint: 'sm',
              // At exactly the breakpoint the shell still lays out for a wide screen while the menu is already a
              // drawer: a closed drawer must give its width back there too.
              collapsed: { mobile: menu.folded, desktop: menu.narrow && menu.folded },
            }}
            padding={0}
            data-testid="layout"
          >
            <AppShell.Header>
              <HeaderBar collapsed={menu.folded} onToggle={menu.toggle} />
            </AppShell.Header>
            <AppShell.Navbar
              className={classes.navbar}
              data-collapsed={menu.folded || undefined}
              data-narrow={menu.narrow || undefined}
              data-testid="navbar"
            >
              <Sidebar collapsed={rail} />
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
          <RefreshUser />
          <KeyboardShortcuts onPalette={palette.open} />
          {palette.requested && (
            <Suspense fallback={null}>
              <CommandPalette opened={palette.opened} onClose={palette.close} />
            </Suspense>
          )}
        </ModalsProvider>
      </DatesProvider>
    </DrawnInSlices>
  );
}

/** Drawn inside the query cache's provider, which loads with this page (the login page goes without it). */
export const AppLayout = withQueries(AppLayoutPage);
