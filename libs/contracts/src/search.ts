import { z } from 'zod';
import { text } from './text.js';

/** The kinds of record the command palette finds. */
export const SEARCH_KINDS = ['recipe', 'apk', 'offlinePack', 'device', 'appUser', 'notice'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** `GET /api/search?q=`: a number, name, SN or account, or the start of one (1 to 64 characters). */
export const recordSearchQuerySchema = z.object({
  q: text({ message: 'search_text_required' }).min(1, 'search_text_required').max(64, 'search_text_too_long'),
});

/** One record found: what it is, its id (for its screen), what to show (`title`) and a second line (`detail`). */
export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  detail: string | null;
}

/** `data` of `GET /api/search`: at most a handful of hits per kind, best matches first. */
export interface SearchAnswer {
  hits: SearchHit[];
}
