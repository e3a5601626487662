import type { HotTagInput, SearchTopTerm } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const SEARCH_TOP_TERMS_KEY = ['content', 'hot-tags', 'suggestions'] as const;

/** The terms the app's users searched most over `days` (0: all time), in `lang` or every language. */
export const searchTopTermsQuery = (days: number, lang: string | null) =>
  queryOptions({
    queryKey: [...SEARCH_TOP_TERMS_KEY, days, lang],
    queryFn: ({ signal }) =>
      api<SearchTopTerm[]>('/userSearchRecord/topTerms', { query: { days, lang, limit: 30 }, signal }),
  });

/** Adds a hot search label (the same call as the add page's). */
export const addHotTag = (input: HotTagInput) => api<{ id: string }>('/hotTag/add', { json: input });
