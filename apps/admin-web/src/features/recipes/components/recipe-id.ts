import { usePageContext } from '../../../lib/page-context.js';

/**
 * The recipe id of this page's query (`?id=`, §2), read from the page's own tab. A kept-alive page can be
 * captured by the layout with the previous route's (empty) search on its first render, so the id is also read
 * from the tab's key, which always carries the page's own query string.
 */
export function useRecipeId(): string | undefined {
  const page = usePageContext();
  const fromSearch = page?.search.id;
  if (typeof fromSearch === 'string' && fromSearch.trim()) return fromSearch.trim();
  const query = page?.tabKey.split('?')[1];
  const fromKey = query ? new URLSearchParams(query).get('id') : null;
  return fromKey?.trim() || undefined;
}
