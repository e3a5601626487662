import { usePageContext } from '../../../lib/page-context.js';

/** The record id of this page's query (`?id=`, §2; the router's zod schema validated it), from the page's tab. */
export function useRecordId(): string | undefined {
  const id = usePageContext()?.search.id;
  return typeof id === 'string' && id.trim() ? id.trim() : undefined;
}
