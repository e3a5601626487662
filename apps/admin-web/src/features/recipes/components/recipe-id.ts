import { usePageContext } from '../../../lib/page-context.js';

/** The recipe id of this page's query (`?id=`, §2), read from the page's own tab. */
export function useRecipeId(): string | undefined {
  const id = usePageContext()?.search.id;
  return typeof id === 'string' && id.trim() ? id.trim() : undefined;
}
