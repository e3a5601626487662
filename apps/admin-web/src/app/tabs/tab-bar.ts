/**
 * The tab bar of §2 as pure state transitions, so that the rules are tested without a browser:
 * one tab per open page keyed by its full URL (path + query, so two records open in two tabs), Home always
 * first and never closed, previous/next arrows moving the strip by 5 tabs, close, close others, close all, and a
 * mark on tabs whose form has unsaved changes.
 */
export const HOME_PATH = '/home';
export const TAB_GROUP_SIZE = 5;

export interface Tab {
  /** The full URL of the page: pathname plus query string. */
  key: string;
  path: string;
  /** The page has unsaved changes: the tab shows a mark and closing it asks first. */
  dirty: boolean;
  /** What a record page names its record by (number, name), once loaded; the tab shows it instead of the id. */
  label?: string;
}

export interface TabBarState {
  tabs: Tab[];
  activeKey: string;
}

/** What closing did: the new state and, when the current page went away, where to go now. */
export interface CloseResult {
  state: TabBarState;
  navigateTo: string | null;
}

const homeTab = (): Tab => ({ key: HOME_PATH, path: HOME_PATH, dirty: false });

export function initialTabBar(): TabBarState {
  return { tabs: [homeTab()], activeKey: HOME_PATH };
}

/** Query parameters that change how a list shows, not which page it is: its sort opens no tab of its own. */
const LIST_VIEW_PARAMS = ['orderBy', 'order'];

/** `pathname` and `search` ("?a=1" or "") of a location → the tab key. */
export function tabKey(pathname: string, search: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  if (LIST_VIEW_PARAMS.some((p) => query.includes(`${p}=`))) {
    const params = new URLSearchParams(query.slice(1));
    for (const p of LIST_VIEW_PARAMS) params.delete(p);
    const rest = params.toString();
    query = rest ? `?${rest}` : '';
  }
  return `${path}${query}`;
}

export function pathOfKey(key: string): string {
  const i = key.indexOf('?');
  return i === -1 ? key : key.slice(0, i);
}

/** Opens the page at `key` (or activates its tab if already open). */
export function openTab(state: TabBarState, key: string): TabBarState {
  const exists = state.tabs.some((t) => t.key === key);
  const tabs = exists ? state.tabs : [...state.tabs, { key, path: pathOfKey(key), dirty: false }];
  return { ...state, tabs, activeKey: key };
}

export function closeTab(state: TabBarState, key: string): CloseResult {
  if (key === HOME_PATH) return { state, navigateTo: null };
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index === -1) return { state, navigateTo: null };
  const tabs = state.tabs.filter((t) => t.key !== key);
  if (state.activeKey !== key) {
    return { state: { ...state, tabs }, navigateTo: null };
  }
  // The current page closes: its right neighbour takes over, else the left one (Home at worst).
  const next = tabs[index] ?? tabs[index - 1] ?? homeTab();
  return {
    state: { tabs, activeKey: next.key },
    navigateTo: next.key,
  };
}

/** Keeps Home and the tab at `key`, which becomes current. */
export function closeOtherTabs(state: TabBarState, key: string): CloseResult {
  const keep = state.tabs.filter((t) => t.key === HOME_PATH || t.key === key);
  if (!keep.some((t) => t.key === key)) return { state, navigateTo: null };
  return {
    state: { tabs: keep, activeKey: key },
    navigateTo: state.activeKey === key ? null : key,
  };
}

/** Keeps only Home, which becomes current. */
export function closeAllTabs(state: TabBarState): CloseResult {
  const home = state.tabs.find((t) => t.key === HOME_PATH) ?? homeTab();
  return {
    state: { tabs: [home], activeKey: HOME_PATH },
    navigateTo: state.activeKey === HOME_PATH ? null : HOME_PATH,
  };
}

/** The tabs `close`, `closeOthers` or `closeAll` would remove that have unsaved changes. */
export function dirtyTabsClosedBy(
  state: TabBarState,
  action: { kind: 'close'; key: string } | { kind: 'closeOthers'; key: string } | { kind: 'closeAll' },
): Tab[] {
  return state.tabs.filter((t) => {
    if (!t.dirty || t.key === HOME_PATH) return false;
    if (action.kind === 'close') return t.key === action.key;
    if (action.kind === 'closeOthers') return t.key !== action.key;
    return true;
  });
}

export function setTabDirty(state: TabBarState, key: string, dirty: boolean): TabBarState {
  const tab = state.tabs.find((t) => t.key === key);
  if (!tab || tab.dirty === dirty) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, dirty } : t)) };
}

export function setTabLabel(state: TabBarState, key: string, label: string | undefined): TabBarState {
  const tab = state.tabs.find((t) => t.key === key);
  if (!tab || tab.label === label) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, label } : t)) };
}

/**
 * Where the strip scrolls when an arrow is pressed: the tab five before (or after) the first one seen whole comes
 * to the strip's start, never past either end. `lefts` are the tabs' left edges within the strip's content, in
 * order; `scrollLeft` is where the strip is scrolled to now and `maxScroll` the furthest it can go.
 */
export function groupScrollTarget(
  lefts: readonly number[],
  scrollLeft: number,
  maxScroll: number,
  direction: -1 | 1,
): number {
  if (lefts.length === 0) return 0;
  // Half a pixel of slack: scroll positions are fractional on zoomed screens.
  const firstWhole = lefts.findIndex((left) => left >= scrollLeft - 0.5);
  const from = firstWhole === -1 ? lefts.length - 1 : firstWhole;
  const to = Math.min(lefts.length - 1, Math.max(0, from + direction * TAB_GROUP_SIZE));
  return Math.min(maxScroll, Math.max(0, lefts[to]!));
}

/**
 * The scroll position that shows the tab spanning `left` to `right` whole in a strip `width` wide scrolled to
 * `scrollLeft`: unchanged when it is already, else the least move that does.
 */
export function revealScrollTarget(left: number, right: number, scrollLeft: number, width: number): number {
  if (left < scrollLeft) return left;
  if (right > scrollLeft + width) return Math.min(left, right - width);
  return scrollLeft;
}

/**
 * Restores a saved tab bar (from storage, so anything may be there): unknown shapes give the initial bar,
 * duplicates are dropped, Home is put first, dirty marks are not restored (the unsaved input did not
 * survive the reload either).
 */
export function restoreTabBar(saved: unknown): TabBarState {
  if (!saved || typeof saved !== 'object') return initialTabBar();
  const raw = saved as { tabs?: unknown; activeKey?: unknown; labels?: unknown };
  const labels = raw.labels && typeof raw.labels === 'object' ? (raw.labels as Record<string, unknown>) : {};
  const keys = Array.isArray(raw.tabs)
    ? raw.tabs
        .map((t) => (t && typeof t === 'object' ? (t as { key?: unknown }).key : t))
        .filter((k): k is string => typeof k === 'string' && k.startsWith('/') && !k.startsWith('//'))
    : [];
  const unique = [...new Set([HOME_PATH, ...keys])];
  const tabs = unique.map((key): Tab => {
    const label = labels[key];
    return typeof label === 'string' && label
      ? { key, path: pathOfKey(key), dirty: false, label }
      : { key, path: pathOfKey(key), dirty: false };
  });
  const activeKey =
    typeof raw.activeKey === 'string' && unique.includes(raw.activeKey) ? raw.activeKey : HOME_PATH;
  return { tabs, activeKey };
}

/** What is kept across a reload. */
export function saveTabBar(state: TabBarState): {
  tabs: string[];
  activeKey: string;
  labels: Record<string, string>;
} {
  const labels: Record<string, string> = {};
  for (const t of state.tabs) if (t.label) labels[t.key] = t.label;
  return {
    tabs: state.tabs.map((t) => t.key),
    activeKey: state.activeKey,
    labels,
  };
}
