import dayjs from 'dayjs';

/** A moment as lists and details show it, to the minute (or the second). */
export function formatTime(iso: string | null | undefined, withSeconds = false): string {
  return iso ? dayjs(iso).format(withSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '';
}

/** A day as lists show it. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : '';
}

/** Bytes as people read them (KB, MB). */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
