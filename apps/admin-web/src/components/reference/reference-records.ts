import type { Page, ReferenceEntityName, StaffGetAnswer, StaffGetInput, StaffPostInput } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call.js';

/**
 * The calls every reference entity of §7 has (`/api/<route>/list|detail|add|update|delete|batchDelete`), written
 * once: categories, tags, units, accessories, banners, themed groups, lock-screen ads and hot labels differ only
 * in their route and record shape, both declared in libs/contracts (`staffReferenceEntities`).
 */
export interface ReferenceRoute<R extends ReferenceEntityName = ReferenceEntityName> {
  /** The §7 path segment, e.g. `recipeCategory`. */
  route: R;
  /** Cache key of everything loaded from this route; a change invalidates all of it. */
  key: readonly string[];
}

/** The list filters of §7 (number, name, language); empty ones are not sent. */
export interface RecordFilter {
  number?: string;
  name?: string;
  lang?: string | null;
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * A list's filters as query parameters: text trimmed, empty ones left out, a date range `[from, to]` sent as
 * `<name>From` and `<name>To`.
 */
export function filterQuery(filters: object): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (Array.isArray(value)) {
      query[`${name}From`] = (value[0] as string | null) ?? undefined;
      query[`${name}To`] = (value[1] as string | null) ?? undefined;
    } else if (typeof value === 'string') query[name] = value.trim();
    else query[name] = value as QueryValue;
  }
  return query;
}

export interface Versioned {
  id: string;
  version: number;
}

/** An entity's record, as its `detail` (and each row of its `list`) answers it. */
export type ReferenceRecord<R extends ReferenceEntityName> = StaffGetAnswer<`/${R}/detail`>;
/** What an entity's `add` takes (its `update` takes the same with the record's id and version). */
export type ReferenceInput<R extends ReferenceEntityName> = StaffPostInput<`/${R}/add`>;
type ListPath = `/${ReferenceEntityName}/list`;
type BatchDeletePath = Extract<`/${ReferenceEntityName}/batchDelete`, Parameters<typeof call.post>[0]>;

export function fetchRecordPage<R extends ReferenceEntityName>(
  r: ReferenceRoute<R>,
  query: object & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<ReferenceRecord<R>>> {
  const list = call.get(
    `/${r.route as ReferenceEntityName}/list`,
    filterQuery(query) as StaffGetInput<ListPath>,
    {
      signal,
    },
  );
  return list as Promise<Page<ReferenceRecord<R>>>;
}

/**
 * One record for its edit form. Never served from the cache: the form keeps the version it starts from, and a
 * cached older version would make the save a needless 409.
 */
export function recordDetailQuery<R extends ReferenceEntityName>(r: ReferenceRoute<R>, id: string) {
  return queryOptions({
    queryKey: [...r.key, 'detail', id],
    queryFn: ({ signal }) =>
      call.get(`/${r.route as ReferenceEntityName}/detail`, { id }, { signal, quiet: true }) as Promise<
        ReferenceRecord<R>
      >,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Creates (`add`) or changes (`update`, with the version the editor loaded: a 409 when someone saved in
 * between). Quiet: the form shows what went wrong under its fields. Everything cached for the route is stale
 * afterwards, so the list shows the change.
 */
export function useSaveRecord<R extends ReferenceEntityName>(r: ReferenceRoute<R>) {
  const queryClient = useQueryClient();
  const route = r.route as ReferenceEntityName;
  return useMutation({
    mutationFn: (input: ReferenceInput<R> & Partial<Versioned>) =>
      (input.id
        ? call.post(`/${route}/update`, input as StaffPostInput<`/${ReferenceEntityName}/update`>, {
            quiet: true,
          })
        : call.post(`/${route}/add`, input as StaffPostInput<`/${ReferenceEntityName}/add`>, {
            quiet: true,
          })) as Promise<ReferenceRecord<R>>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: r.key }),
  });
}

/** Deletes one record (`delete`) or several at once, all or none (`batchDelete`). */
export function deleteRecords(r: ReferenceRoute, ids: readonly string[], quiet = false) {
  return ids.length === 1
    ? call.post(`/${r.route}/delete`, { id: ids[0]! }, { quiet })
    : // §7's units have no batchDelete: their screen deletes one by one.
      call.post(`/${r.route}/batchDelete` as BatchDeletePath, { ids }, { quiet });
}

export function useDeleteRecords(r: ReferenceRoute) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => deleteRecords(r, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: r.key }),
  });
}
