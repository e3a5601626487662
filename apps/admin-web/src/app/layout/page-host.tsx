import { Center, Loader } from '@mantine/core';
import { Outlet, useLocation, useMatches } from '@tanstack/react-router';
import {
  Activity,
  Component,
  lazy,
  memo,
  Suspense,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { PageContext, type PageContextValue } from '../../lib/page-context.js';
import { loadedPage, pageLoader } from '../page-loader.js';
import { screenFor } from '../screens.js';
import { RouteErrorPanel } from '../pages/route-error-panel.js';
import { setTabDirty, setTabLabel, tabKey } from '../tabs/tab-bar.js';
import { tabStore, useTabBar } from '../tabs/tab-store.js';
import { DrawnInSlices } from './drawn-in-slices.js';
import classes from './layout.module.css';

const setDirty = (key: string, dirty: boolean) => tabStore.update((s) => setTabDirty(s, key, dirty));
const setLabel = (key: string, label: string | undefined) =>
  tabStore.update((s) => setTabLabel(s, key, label));
const isOpen = (key: string) => tabStore.get().tabs.some((t) => t.key === key);

interface KeptPage {
  key: string;
  path: string;
  search: Record<string, unknown>;
}

/**
 * Each kept-alive path's component, chosen once (a page must not change component, which would remount it): the
 * page itself when its code is there (its route's loader waits for it), else a lazy one that loads it.
 */
const keptComponents = new Map<string, ComponentType | LazyExoticComponent<ComponentType>>();
function keptComponent(path: string) {
  let component = keptComponents.get(path);
  if (!component) {
    component = loadedPage(path) ?? lazy(pageLoader(path));
    keptComponents.set(path, component);
  }
  return component;
}

/** A page's own scroll area. A kept-alive page gets its scroll position back when it is shown again. */
function PageScroll({ children, testId }: { children: ReactNode; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const top = useRef(0);
  // Runs when the page appears, including when <Activity> reveals it again (a hidden page's scroll area is back at
  // the top). Setting scrollTop lays the whole console out in the middle of drawing the page, so it is set only when
  // there is a position to restore.
  useLayoutEffect(() => {
    if (ref.current && top.current !== 0) ref.current.scrollTop = top.current;
  }, []);
  return (
    <div
      ref={ref}
      className={classes.pageScroll}
      data-testid={testId}
      onScroll={(e) => {
        top.current = e.currentTarget.scrollTop;
      }}
    >
      {/* The page's scroll area is there from the start: nothing around the page moves when it appears. */}
      <DrawnInSlices>{children}</DrawnInSlices>
    </div>
  );
}

/** A kept-alive page whose code failed to load (or that crashed) shows the error panel in its own tab only. */
class KeptPageBoundary extends Component<{ path: string; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) {
      const retry = () => {
        // React.lazy remembers a failed load: forget it so that "retry" loads the code again.
        keptComponents.delete(this.props.path);
        this.setState({ error: null });
      };
      return <RouteErrorPanel error={this.state.error} reset={retry} />;
    }
    return this.props.children;
  }
}

const fallback = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/**
 * Where pages are drawn. Ordinary pages come from the router's outlet and start fresh on every visit (keyed by
 * their URL). Kept-alive pages (§2: recipe list/add/edit, banner add/edit) are mounted once per tab and hidden
 * with React's <Activity> while another tab is current, so their input, filters, page and scroll survive;
 * closing their tab unmounts them. It takes no props: the layout drawing again (its menu, its header) does not
 * draw the pages again.
 */
export const PageHost = memo(function PageHost() {
  const location = useLocation();
  const key = tabKey(location.pathname, location.searchStr);
  const screen = screenFor(location.pathname);
  const match = useMatches({ select: (matches) => matches[matches.length - 1] });
  // Right after a navigation the matches can still be the previous route's for a render (another screen's, or
  // the same screen's with another record's query).
  const search = (match && match.pathname === location.pathname ? match.search : location.search) as Record<
    string,
    unknown
  >;
  const tabs = useTabBar();
  const [kept, setKept] = useState<KeptPage[]>([]);

  // Derived during render (not in an effect) so the page shows in the same paint its tab becomes current.
  const openKeys = new Set(tabs.tabs.map((t) => t.key));
  let nextKept = kept.filter((p) => openKeys.has(p.key) || p.key === key);
  if (screen?.keepAlive && !nextKept.some((p) => p.key === key)) {
    // A kept-alive page captures its search once: the query of the address its key is made of, never a lagging
    // match's (going from one edit tab straight to another of the same screen, that is the other record's).
    nextKept = [...nextKept, { key, path: screen.path, search: location.search as Record<string, unknown> }];
  }
  if (nextKept.length !== kept.length || nextKept.some((p, i) => p !== kept[i])) setKept(nextKept);

  const current: PageContextValue = useMemo(
    () => ({ tabKey: key, search, keptAlive: false, setDirty, setLabel, isOpen }),
    [key, search],
  );

  return (
    <div className={classes.pageHost}>
      {nextKept.map((page) => {
        const Page = keptComponent(page.path);
        return (
          <Activity key={page.key} mode={page.key === key ? 'visible' : 'hidden'} name={page.key}>
            <KeptPageContext page={page}>
              <PageScroll testId="kept-page">
                <KeptPageBoundary path={page.path}>
                  <Suspense fallback={fallback}>
                    <Page />
                  </Suspense>
                </KeptPageBoundary>
              </PageScroll>
            </KeptPageContext>
          </Activity>
        );
      })}
      {!screen?.keepAlive && (
        <PageContext.Provider value={current}>
          <PageScroll key={key} testId="page">
            <Outlet />
          </PageScroll>
        </PageContext.Provider>
      )}
    </div>
  );
});

function KeptPageContext({ page, children }: { page: KeptPage; children: ReactNode }) {
  const value = useMemo<PageContextValue>(
    () => ({ tabKey: page.key, search: page.search, keptAlive: true, setDirty, setLabel, isOpen }),
    [page],
  );
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}
