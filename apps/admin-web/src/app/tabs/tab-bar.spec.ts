import { describe, expect, it } from '@jest/globals';
import {
  HOME_PATH,
  canShowNext,
  canShowPrevious,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  dirtyTabsClosedBy,
  initialTabBar,
  openTab,
  restoreTabBar,
  saveTabBar,
  setTabDirty,
  setTabLabel,
  showNextGroup,
  showPreviousGroup,
  tabKey,
  visibleTabs,
  type TabBarState,
} from './tab-bar.js';

const keys = (s: TabBarState) => s.tabs.map((t) => t.key);
const visible = (s: TabBarState) => visibleTabs(s).map((t) => t.key);
const openAll = (...urls: string[]) => urls.reduce(openTab, initialTabBar());
const seven = ['/a', '/b', '/c', '/d', '/e', '/f', '/g'];

describe('tab bar', () => {
  it('starts with Home alone and current', () => {
    const s = initialTabBar();
    expect(keys(s)).toEqual([HOME_PATH]);
    expect(s.activeKey).toBe(HOME_PATH);
  });

  it('keys tabs by the full URL, so two records of one screen open in two tabs', () => {
    const s = openAll(tabKey('/recipe-detail', '?id=1'), tabKey('/recipe-detail', '?id=2'));
    expect(keys(s)).toEqual([HOME_PATH, '/recipe-detail?id=1', '/recipe-detail?id=2']);
    expect(s.activeKey).toBe('/recipe-detail?id=2');
  });

  it('activates an already open page instead of opening it twice', () => {
    const s = openTab(openAll('/a', '/b'), '/a');
    expect(keys(s)).toEqual([HOME_PATH, '/a', '/b']);
    expect(s.activeKey).toBe('/a');
  });

  it('normalises a trailing slash and an empty query', () => {
    expect(tabKey('/recipe-list/', '')).toBe('/recipe-list');
    expect(tabKey('/recipe-list', '?')).toBe('/recipe-list');
    expect(tabKey('/banner/edit', 'id=9')).toBe('/banner/edit?id=9');
  });

  it('shows five tabs at a time and moves the window in groups of five with the arrows', () => {
    let s = openTab(openAll(...seven), HOME_PATH);
    expect(keys(s)).toHaveLength(8);
    expect(visible(s)).toEqual([HOME_PATH, '/a', '/b', '/c', '/d']);
    expect(canShowPrevious(s)).toBe(false);
    expect(canShowNext(s)).toBe(true);
    s = showNextGroup(s);
    expect(visible(s)).toEqual(['/e', '/f', '/g']);
    expect(canShowNext(s)).toBe(false);
    expect(showNextGroup(s)).toBe(s);
    s = showPreviousGroup(s);
    expect(visible(s)).toEqual([HOME_PATH, '/a', '/b', '/c', '/d']);
    expect(showPreviousGroup(s)).toBe(s);
  });

  it('reveals the group of the page being opened', () => {
    const s = openAll(...seven);
    expect(s.activeKey).toBe('/g');
    expect(visible(s)).toEqual(['/e', '/f', '/g']);
  });

  it('closing the current tab moves to its right neighbour, else its left one', () => {
    const s = openTab(openAll('/a', '/b', '/c'), '/b');
    const middle = closeTab(s, '/b');
    expect(keys(middle.state)).toEqual([HOME_PATH, '/a', '/c']);
    expect(middle.navigateTo).toBe('/c');
    const last = closeTab(middle.state, '/c');
    expect(last.navigateTo).toBe('/a');
    expect(last.state.activeKey).toBe('/a');
  });

  it('closing another tab keeps the current page', () => {
    const s = openAll('/a', '/b');
    const r = closeTab(s, '/a');
    expect(keys(r.state)).toEqual([HOME_PATH, '/b']);
    expect(r.state.activeKey).toBe('/b');
    expect(r.navigateTo).toBeNull();
  });

  it('never closes Home', () => {
    const s = openAll('/a');
    expect(closeTab(s, HOME_PATH).state).toBe(s);
    expect(keys(closeAllTabs(s).state)).toEqual([HOME_PATH]);
    expect(keys(closeOtherTabs(s, '/a').state)).toEqual([HOME_PATH, '/a']);
  });

  it('close others keeps Home and the chosen tab and makes it current', () => {
    const s = openAll(...seven);
    const r = closeOtherTabs(s, '/c');
    expect(keys(r.state)).toEqual([HOME_PATH, '/c']);
    expect(r.state.activeKey).toBe('/c');
    expect(r.navigateTo).toBe('/c');
    expect(visible(r.state)).toEqual([HOME_PATH, '/c']);
    expect(closeOtherTabs(s, '/g').navigateTo).toBeNull();
  });

  it('close all leaves Home, current', () => {
    const r = closeAllTabs(openAll(...seven));
    expect(keys(r.state)).toEqual([HOME_PATH]);
    expect(r.navigateTo).toBe(HOME_PATH);
    expect(r.state.firstVisible).toBe(0);
    expect(closeAllTabs(initialTabBar()).navigateTo).toBeNull();
  });

  it('pulls the window back when closing empties the last group', () => {
    let s = openTab(openAll(...seven), HOME_PATH);
    s = showNextGroup(s); // shows /e /f /g
    s = closeTab(s, '/e').state;
    s = closeTab(s, '/f').state;
    s = closeTab(s, '/g').state;
    expect(visible(s)).toEqual([HOME_PATH, '/a', '/b', '/c', '/d']);
  });

  it('marks unsaved tabs and names them before they are closed', () => {
    let s = openAll('/recipe-add', '/banner/add', '/a');
    s = setTabDirty(s, '/recipe-add', true);
    s = setTabDirty(s, '/banner/add', true);
    expect(s.tabs.find((t) => t.key === '/recipe-add')?.dirty).toBe(true);
    expect(dirtyTabsClosedBy(s, { kind: 'close', key: '/a' })).toEqual([]);
    expect(dirtyTabsClosedBy(s, { kind: 'close', key: '/recipe-add' }).map((t) => t.key)).toEqual([
      '/recipe-add',
    ]);
    expect(dirtyTabsClosedBy(s, { kind: 'closeOthers', key: '/recipe-add' }).map((t) => t.key)).toEqual([
      '/banner/add',
    ]);
    expect(dirtyTabsClosedBy(s, { kind: 'closeAll' })).toHaveLength(2);
    s = setTabDirty(s, '/recipe-add', false);
    expect(dirtyTabsClosedBy(s, { kind: 'closeAll' }).map((t) => t.key)).toEqual(['/banner/add']);
  });

  it('survives a reload through what it saves', () => {
    let s = openAll('/a', '/recipe-detail?id=1', ...seven.slice(1));
    s = setTabDirty(s, '/a', true);
    const restored = restoreTabBar(JSON.parse(JSON.stringify(saveTabBar(s))));
    expect(keys(restored)).toEqual(keys(s));
    expect(restored.activeKey).toBe(s.activeKey);
    expect(restored.firstVisible).toBe(s.firstVisible);
    expect(restored.tabs.every((t) => !t.dirty)).toBe(true);
  });

  it('restores a damaged or foreign saved value as a valid bar', () => {
    expect(restoreTabBar(null)).toEqual(initialTabBar());
    expect(restoreTabBar('x')).toEqual(initialTabBar());
    const r = restoreTabBar({
      tabs: ['/b', 7, '//evil.example', '/b', '/home'],
      activeKey: '/zzz',
      firstVisible: 40,
    });
    expect(keys(r)).toEqual([HOME_PATH, '/b']);
    expect(r.activeKey).toBe(HOME_PATH);
    expect(r.firstVisible).toBe(0);
  });

  it('keeps the name a record page gave its tab across a reload, and only for that tab', () => {
    let s = openAll('/recipe-detail?id=5e0c', '/recipe-detail?id=77');
    s = setTabLabel(s, '/recipe-detail?id=5e0c', 'R-1005');
    expect(setTabLabel(s, '/nope', 'x')).toBe(s);
    const restored = restoreTabBar(JSON.parse(JSON.stringify(saveTabBar(s))));
    expect(restored.tabs.map((t) => t.label)).toEqual([undefined, 'R-1005', undefined]);
  });
});
