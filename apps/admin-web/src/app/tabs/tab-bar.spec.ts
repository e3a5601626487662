import { describe, expect, it } from '@jest/globals';
import {
  HOME_PATH,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  dirtyTabsClosedBy,
  groupScrollTarget,
  initialTabBar,
  openTab,
  restoreTabBar,
  revealScrollTarget,
  saveTabBar,
  setTabDirty,
  setTabLabel,
  tabKey,
  type TabBarState,
} from './tab-bar.js';

const keys = (s: TabBarState) => s.tabs.map((t) => t.key);
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
    expect(tabKey('/device-info-list', '?orderBy=sn&order=desc')).toBe('/device-info-list');
    expect(tabKey('/x', '?id=9&orderBy=sn')).toBe('/x?id=9');
  });

  // Fifteen tabs 100 px apart in a strip 450 px wide: the furthest it scrolls is 1500 - 450.
  const lefts = Array.from({ length: 15 }, (_, i) => i * 100);
  const max = 1050;

  it('moves the strip by five tabs with each arrow, from the first tab seen whole', () => {
    expect(groupScrollTarget(lefts, 0, max, 1)).toBe(500);
    expect(groupScrollTarget(lefts, 500, max, 1)).toBe(1000);
    expect(groupScrollTarget(lefts, 1000, max, -1)).toBe(500);
    expect(groupScrollTarget(lefts, 500, max, -1)).toBe(0);
    // Scrolled by hand to the middle of tab 3: tab 4 is the first seen whole, so next brings tab 9 to the start.
    expect(groupScrollTarget(lefts, 350, max, 1)).toBe(900);
    expect(groupScrollTarget(lefts, 350, max, -1)).toBe(0);
  });

  it('stops the strip at either end, and from the end goes back five tabs', () => {
    expect(groupScrollTarget(lefts, max, max, 1)).toBe(max);
    expect(groupScrollTarget(lefts, 0, max, -1)).toBe(0);
    // At the end tab 11 (1100) is the first seen whole: previous brings tab 6 to the start.
    expect(groupScrollTarget(lefts, max, max, -1)).toBe(600);
    expect(groupScrollTarget([], 0, 0, 1)).toBe(0);
  });

  it('scrolls the current tab whole into view with the least move', () => {
    // Already whole: stays.
    expect(revealScrollTarget(500, 600, 400, 450)).toBe(400);
    // Cut on the right: its right edge comes to the strip's right edge.
    expect(revealScrollTarget(1400, 1500, 1000, 450)).toBe(1050);
    // Cut on the left: its left edge comes to the strip's left edge.
    expect(revealScrollTarget(300, 400, 350, 450)).toBe(300);
    // Wider than the strip: its start is shown.
    expect(revealScrollTarget(100, 700, 0, 450)).toBe(100);
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
    expect(closeOtherTabs(s, '/g').navigateTo).toBeNull();
  });

  it('close all leaves Home, current', () => {
    const r = closeAllTabs(openAll(...seven));
    expect(keys(r.state)).toEqual([HOME_PATH]);
    expect(r.navigateTo).toBe(HOME_PATH);
    expect(closeAllTabs(initialTabBar()).navigateTo).toBeNull();
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
  });

  it('keeps the name a record page gave its tab across a reload, and only for that tab', () => {
    let s = openAll('/recipe-detail?id=5e0c', '/recipe-detail?id=77');
    s = setTabLabel(s, '/recipe-detail?id=5e0c', 'R-1005');
    expect(setTabLabel(s, '/nope', 'x')).toBe(s);
    const restored = restoreTabBar(JSON.parse(JSON.stringify(saveTabBar(s))));
    expect(restored.tabs.map((t) => t.label)).toEqual([undefined, 'R-1005', undefined]);
  });
});
