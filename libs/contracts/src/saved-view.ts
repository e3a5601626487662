import { z } from 'zod';
import { LIST_NAMES, SORT_ORDERS, SORTABLE_LISTS, type ListName, type SortOrder } from './list-sort.js';
import { text } from './text.js';

/** The most views one user keeps per list (a picker, not a store). */
export const MAX_SAVED_VIEWS_PER_LIST = 50;

const listName = z.enum(LIST_NAMES, { message: 'saved_view_list_invalid' });

/** A filter value as the list's filter bar keeps it: text, a choice, or a `[from, to]` date range. */
const filterValue = z.union([
  text().max(200),
  z.boolean(),
  z.null(),
  z.array(text().max(40).nullable()).max(2),
]);

/** What a saved view brings back: the list's filters, its sort and the columns shown. */
export const savedViewStateSchema = z.object({
  filters: z
    .record(text().max(64), filterValue)
    .refine((f) => Object.keys(f).length <= 40, { message: 'saved_view_state_invalid' })
    .default({}),
  orderBy: text().max(64).optional(),
  order: z.enum(SORT_ORDERS, { message: 'sort_order_invalid' }).optional(),
  /** The columns shown, by accessor; absent: all. */
  columns: z.array(text().max(64)).max(60).optional(),
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

export const savedViewListQuerySchema = z.object({ list: listName });

/** `POST /api/savedView/save`: a new view, or (with `id`) a change of one's own. */
export const savedViewSaveSchema = z
  .object({
    id: z.uuid({ message: 'saved_view_not_found' }).optional(),
    list: listName,
    name: text({ message: 'saved_view_name_required' })
      .min(1, { message: 'saved_view_name_required' })
      .max(40, { message: 'saved_view_name_too_long' }),
    state: savedViewStateSchema,
    /** Offered to everyone of the brand (only its owner, or an admin, changes or deletes it). */
    shared: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const fields = SORTABLE_LISTS[v.list] as readonly string[];
    if (v.state.orderBy !== undefined && !fields.includes(v.state.orderBy))
      ctx.addIssue({ code: 'custom', message: 'sort_field_invalid', path: ['state', 'orderBy'] });
  });
export type SavedViewSave = z.infer<typeof savedViewSaveSchema>;

export const savedViewIdSchema = z.object({ id: z.uuid({ message: 'saved_view_not_found' }) });

/** One saved view as `/api/savedView/list` answers it: the caller's own first, then those shared with the brand. */
export interface SavedView {
  id: string;
  list: ListName;
  name: string;
  state: SavedViewState & { order?: SortOrder };
  shared: boolean;
  /** The account that saved it. */
  owner: string;
  /** The caller saved it (and may change or delete it). */
  mine: boolean;
  /** The caller may delete it: its owner, or an admin for a shared one. */
  deletable: boolean;
  updatedAt: string;
}
