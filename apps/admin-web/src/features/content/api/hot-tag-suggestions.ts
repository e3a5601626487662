import type { HotTagInput } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';

export const SEARCH_TOP_TERMS_KEY = ['content', 'hot-tags', 'suggestions'] as const;

/** The terms the app's users searched most over `days` (0: all time), in `lang` or every language. */
export const searchTopTermsQuery = (days: number, lang: string | null) =>
  queryOptions({
    queryKey: [...SEARCH_TOP_TERMS_KEY, days, lang],
    queryFn: ({ signal }) => call.get('/userSearchRecord/topTerms', { days, lang, limit: 30 }, { signal }),
  });

/** Adds a hot search label (the same call as the add page's). */
export const addHotTag = (input: HotTagInput) => call.post('/hotTag/add', input);
