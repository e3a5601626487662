import { useSyncExternalStore } from 'react';
import { getStoredUser, subscribeToLogin, userKey } from '../../lib/session.js';
import { readJson, remove, writeJson } from '../../lib/storage.js';
import { initialTabBar, restoreTabBar, saveTabBar, type TabBarState } from './tab-bar.js';

/**
 * The tab bar's state for the whole app, kept in sessionStorage so that the tabs survive a reload of this
 * browser tab (and do not leak into another browser tab or the next login). The tabs belong to the user who
 * opened them: after a session expiry the same user gets them back, anyone else starts from Home.
 */
const STORAGE_KEY = 'kb.tabs';

let state: TabBarState | null = null;
let owner: string | null = null;
const listeners = new Set<() => void>();

function save(next: TabBarState): void {
  writeJson('session', STORAGE_KEY, { ...saveTabBar(next), owner });
}

function current(): TabBarState {
  if (!state) {
    const saved = readJson('session', STORAGE_KEY) as { owner?: unknown } | null;
    const savedOwner = typeof saved?.owner === 'string' ? saved.owner : null;
    const user = getStoredUser();
    const userNow = user ? userKey(user) : null;
    // Tabs saved for someone else (or for nobody known) are not shown to the user signed in now.
    const mine = savedOwner !== null && (userNow === null || savedOwner === userNow);
    state = mine ? restoreTabBar(saved) : initialTabBar();
    owner = mine ? savedOwner : userNow;
  }
  return state;
}

function notify(): void {
  listeners.forEach((l) => l());
}

export const tabStore = {
  get: current,
  update(change: (s: TabBarState) => TabBarState): TabBarState {
    const before = current();
    const after = change(before);
    if (after !== before) {
      state = after;
      save(after);
      notify();
    }
    return after;
  },
  /** Forget every tab (logout). */
  reset(): void {
    state = initialTabBar();
    remove('session', STORAGE_KEY);
    notify();
  },
  /** A user signed in: the tabs are theirs if they opened them, else the bar starts afresh for them. */
  claim(user: string): void {
    current();
    if (owner === user) return;
    owner = user;
    state = initialTabBar();
    save(state);
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

subscribeToLogin(() => {
  const user = getStoredUser();
  if (user) tabStore.claim(userKey(user));
});

export function useTabBar(): TabBarState {
  return useSyncExternalStore(tabStore.subscribe, tabStore.get, tabStore.get);
}
