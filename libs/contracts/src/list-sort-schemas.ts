import { z } from 'zod';
import { LIST_EXPORT_FORMATS, REFERENCE_SORT_FIELDS, SORT_ORDERS } from './list-sort.js';

/**
 * `orderBy=<field>&order=asc|desc` of a list: the field must be one of the list's sortable columns (anything else
 * is refused with `sort_field_invalid`, never passed to SQL); `order` defaults to ascending. Without `orderBy`
 * the list keeps its own order (newest first).
 */
export function sortQueryShape<const F extends readonly [string, ...string[]]>(fields: F) {
  return {
    orderBy: z.enum(fields, { message: 'sort_field_invalid' }).optional(),
    order: z.enum(SORT_ORDERS, { message: 'sort_order_invalid' }).optional(),
  };
}

/** `POST /api/<list>/exportData`: the list's filters and sort (as `/list` takes them) and the file format. */
export function listExportBodySchema<S extends z.ZodObject>(listQuery: S) {
  return listQuery.extend({
    format: z.enum(LIST_EXPORT_FORMATS, { message: 'format_invalid' }).default('csv'),
  });
}

export const referenceSortQuerySchema = z.object(sortQueryShape(REFERENCE_SORT_FIELDS));
