import { z } from 'zod';

/** A yes/no a query string or a form sends as a boolean or as `true`/`false`. */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/**
 * The request parts of an event-sourced record's endpoints: its id (an unknown one reads as `notFound`), the id as a
 * query or body, a selection of ids for a batch, and the stream revision a form loaded (`revision` of the detail: a
 * save against an older one is a 409; missing reads as `revisionRequired`).
 */
export function recordRequestParts(notFound: string, revisionRequired: string) {
  const id = z.string().uuid({ message: notFound });
  return {
    id,
    idSchema: z.object({ id }),
    idsSchema: z.object({ ids: z.array(id).min(1, { message: 'select_required' }).max(500) }),
    revision: z.coerce.number({ message: revisionRequired }).int().min(0),
  };
}

/** One entry of a record's history (one per event, oldest first): what every history answer holds. */
export interface HistoryEntryHead {
  revision: number;
  eventId: string;
  type: string;
  /** What happened, in the caller's language. */
  title: string;
  actor: string;
  occurredAt: string;
}
