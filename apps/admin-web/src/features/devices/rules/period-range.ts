import type { FaultPeriod } from '@kb/contracts';
import dayjs from 'dayjs';

/**
 * The days a period bucket of the summary covers (`2026-11-16` week → `2026-11-16`..`2026-11-22`), as the
 * record list's `from`/`to` (date-only bounds include the whole day), kept within the summary's own range.
 */
export function periodRange(
  start: string,
  period: FaultPeriod,
  within: [string | null, string | null] | null,
): { from: string; to: string } {
  const first = dayjs(start);
  const last = period === 'day' ? first : first.add(1, period).subtract(1, 'day');
  let from = first.format('YYYY-MM-DD');
  let to = last.format('YYYY-MM-DD');
  if (within?.[0] && within[0] > from) from = within[0];
  if (within?.[1] && within[1] < to) to = within[1];
  return { from, to };
}
