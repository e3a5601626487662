import { useSyncExternalStore } from 'react';
import { readJson, remove, writeJson } from '../../lib/storage.js';
import { initialTabBar, restoreTabBar, saveTabBar, type TabBarState } from './tab-bar.js';

/**
 * The tab bar's state for the whole app, kept in sessionStorage so that the tabs survive a reload of this
 * browser tab (and do not leak into another browser tab or the next login).
 */
const STORAGE_KEY = 'kb.tabs';

let state: TabBarState | null = null;
const listeners = new Set<() => void>();

function current(): TabBarState {
  state ??= restoreTabBar(readJson('session', STORAGE_KEY));
  return state;
}

export const tabStore = {
  get: current,
  update(change: (s: TabBarState) => TabBarState): TabBarState {
    const before = current();
    const after = change(before);
    if (after !== before) {
      state = after;
      writeJson('session', STORAGE_KEY, saveTabBar(after));
      listeners.forEach((l) => l());
    }
    return after;
  },
  /** Forget every tab (logout). */
  reset(): void {
    state = initialTabBar();
    remove('session', STORAGE_KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTabBar(): TabBarState {
  return useSyncExternalStore(tabStore.subscribe, tabStore.get, tabStore.get);
}
