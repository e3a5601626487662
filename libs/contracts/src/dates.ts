import { z } from 'zod';

/**
 * The range of times the system accepts. JavaScript dates reach year 275760 and Postgres timestamps 294276, but
 * neither end means anything here, and Postgres refuses year 0 and the far end of the JavaScript range that
 * `new Date()` still parses: a filter or a record outside this range is refused as invalid input instead.
 */
export const EARLIEST_TIME = new Date('1900-01-01T00:00:00.000Z');
export const LATEST_TIME = new Date('9999-12-31T23:59:59.999Z');

/** True when `value` (a Date or an ISO string) lies within the accepted range. */
export function isStorableTime(value: Date | string): boolean {
  const ms = (typeof value === 'string' ? new Date(value) : value).getTime();
  return Number.isFinite(ms) && ms >= EARLIEST_TIME.getTime() && ms <= LATEST_TIME.getTime();
}

/** A date or date-time input (ISO text, as query strings carry it) parsed to a Date within the accepted range. */
export function timeInput(message: string) {
  return z.coerce.date({ message }).min(EARLIEST_TIME, { message }).max(LATEST_TIME, { message });
}
