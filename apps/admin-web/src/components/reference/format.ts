import dayjs from 'dayjs';

/** A record's change time as lists show it. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '';
}
