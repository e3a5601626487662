import { usePageContext } from '../../../lib/page-context.js';

/** The pack id of this page's query (`?id=`, §2), from the page's own tab (a kept-alive page keeps its own). */
export function useOfflinePackId(): string | undefined {
  const page = usePageContext();
  const fromSearch = page?.search.id;
  if (typeof fromSearch === 'string' && fromSearch.trim()) return fromSearch.trim();
  const query = page?.tabKey.split('?')[1];
  const fromKey = query ? new URLSearchParams(query).get('id') : null;
  return fromKey?.trim() || undefined;
}
