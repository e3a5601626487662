/** Cache key of everything the device screens load; a change to devices, faults or test devices invalidates it. */
export const DEVICES_KEY = ['devices'] as const;

/** A text filter as sent: trimmed, or left out when empty. */
export const filterText = (v: string | null | undefined) => v?.trim() || undefined;

/** A filter bar's date range (`[from, to]` as `YYYY-MM-DD`) as the API's two bounds. */
export const rangeQuery = (range: [string | null, string | null] | null | undefined) => ({
  from: range?.[0] ?? undefined,
  to: range?.[1] ?? undefined,
});

/** Where the browser loads an uploaded file from (same origin; the session cookie authorises it). */
export function fileUrl(fileCode: string): string {
  return `/api/file/download?fileCode=${encodeURIComponent(fileCode)}`;
}
