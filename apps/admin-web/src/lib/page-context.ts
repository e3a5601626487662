import { createContext, useContext, useEffect } from 'react';

/**
 * Which tab a page lives in, given by the layout to the page it renders (the current one, or a kept-alive one
 * hidden behind another tab). Pages use it to mark their tab as having unsaved changes, and kept-alive pages
 * read their own query through it (the router's current query may belong to another tab by then).
 */
export interface PageContextValue {
  tabKey: string;
  search: Record<string, unknown>;
  keptAlive: boolean;
  setDirty(tabKey: string, dirty: boolean): void;
  /** Names the record this page shows (its number or name): the tab shows it instead of the id. */
  setLabel(tabKey: string, label: string | undefined): void;
  /** Whether the tab is still open (a tab closed after its own question needs no second one). */
  isOpen(tabKey: string): boolean;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePageContext(): PageContextValue | null {
  return useContext(PageContext);
}

/** Shows the unsaved-changes mark on this page's tab while `dirty`, and makes closing the tab ask first. */
export function usePageDirty(dirty: boolean): void {
  const page = useContext(PageContext);
  useEffect(() => {
    page?.setDirty(page.tabKey, dirty);
  }, [page, dirty]);
}

/** Titles this page's tab with the record's number or name once it is known (an id means nothing to a user). */
export function useRecordTitle(label: string | null | undefined): void {
  const page = useContext(PageContext);
  useEffect(() => {
    if (label) page?.setLabel(page.tabKey, label);
  }, [page, label]);
}

/**
 * The record id of this page's query (`?id=`, §2), read from the page's own tab: from the tab's key, the page's
 * own address as written (an id is text, whatever it looks like), else from its search.
 */
export function useRecordId(): string | undefined {
  const page = useContext(PageContext);
  const query = page?.tabKey.split('?')[1];
  const fromKey = query ? new URLSearchParams(query).get('id')?.trim() : undefined;
  if (fromKey) return fromKey;
  const fromSearch = page?.search.id;
  return typeof fromSearch === 'string' && fromSearch.trim() ? fromSearch.trim() : undefined;
}
