import type { Page } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';

/**
 * The calls every reference entity of §7 has (`/api/<route>/list|detail|add|update|delete|batchDelete`), written
 * once: categories, tags, units, accessories, banners, themed groups, lock-screen ads and hot labels differ only
 * in their route and record shape.
 */
export interface ReferenceRoute {
  /** The §7 path segment, e.g. `recipeCategory`. */
  route: string;
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

export function fetchRecordPage<T>(
  r: ReferenceRoute,
  query: object & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<T>> {
  return api<Page<T>>(`/${r.route}/list`, { query: filterQuery(query), signal });
}

/**
 * One record for its edit form. Never served from the cache: the form keeps the version it starts from, and a
 * cached older version would make the save a needless 409.
 */
export function recordDetailQuery<T>(r: ReferenceRoute, id: string) {
  return queryOptions({
    queryKey: [...r.key, 'detail', id],
    queryFn: ({ signal }) => api<T>(`/${r.route}/detail`, { query: { id }, signal, quiet: true }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Creates (`add`) or changes (`update`, with the version the editor loaded: a 409 when someone saved in
 * between). Quiet: the form shows what went wrong under its fields. Everything cached for the route is stale
 * afterwards, so the list shows the change.
 */
export function useSaveRecord<Input extends object, T>(r: ReferenceRoute) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input & Partial<Versioned>) =>
      api<T>(`/${r.route}/${input.id ? 'update' : 'add'}`, { json: input, quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: r.key }),
  });
}

/** Deletes one record (`delete`) or several at once, all or none (`batchDelete`). */
export function deleteRecords(r: ReferenceRoute, ids: readonly string[], quiet = false) {
  return ids.length === 1
    ? api<{ deleted: number }>(`/${r.route}/delete`, { json: { id: ids[0] }, quiet })
    : api<{ deleted: number }>(`/${r.route}/batchDelete`, { json: { ids }, quiet });
}

export function useDeleteRecords(r: ReferenceRoute) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => deleteRecords(r, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: r.key }),
  });
}
