import { usePageContext } from '../../../lib/page-context.js';

/** The package id of this page's query (`?id=`, §2; the router's zod schema validated it), from the page's tab. */
export function useApkId(): string | undefined {
  const page = usePageContext();
  const fromSearch = page?.search.id;
  if (typeof fromSearch === 'string' && fromSearch.trim()) return fromSearch.trim();
  const query = page?.tabKey.split('?')[1];
  const fromKey = query ? new URLSearchParams(query).get('id') : null;
  return fromKey?.trim() || undefined;
}
