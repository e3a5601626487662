import { z } from 'zod';

/** A yes/no a query string or a form sends as a boolean or as `true`/`false`. */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** A selection for a batch: at least one of `item`, at most `max`. */
export const selection = <T extends z.ZodType>(item: T, max = 500) =>
  z.array(item).min(1, { message: 'select_required' }).max(max);

/** One record's outcome in a batch; `status`, `code` and `message` (in the caller's language) say why it failed. */
export interface BatchItemOutcome {
  id: string;
  ok: boolean;
  status?: number;
  code?: string;
  message?: string;
}

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
    idsSchema: z.object({ ids: selection(id) }),
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
