import type { IngredientUnit } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { RecordFilter, ReferenceRoute } from './reference-records.js';

/** `/api/boUnit/*` (§7: add, detail, update, delete and list; no search, no batchDelete). */
export const unitRoute: ReferenceRoute = { route: 'boUnit', key: ['catalog', 'units'] };

export interface UnitInput {
  names: Record<string, string>;
}

/** §7: the unit list is a form-encoded POST with `onPage=false` (the whole list; the screen pages it). */
export function listUnits(filter: RecordFilter, signal?: AbortSignal): Promise<IngredientUnit[]> {
  const form = new URLSearchParams({ onPage: 'false' });
  if (filter.name?.trim()) form.set('name', filter.name.trim());
  if (filter.lang) form.set('lang', filter.lang);
  return api<IngredientUnit[]>('/boUnit/list', { form, kind: 'query', signal });
}

export const unitsQuery = (filter: RecordFilter) =>
  queryOptions({
    queryKey: [...unitRoute.key, 'list', filter.name?.trim() ?? '', filter.lang ?? null],
    queryFn: ({ signal }) => listUnits(filter, signal),
  });
