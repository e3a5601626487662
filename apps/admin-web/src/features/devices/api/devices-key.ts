/** Cache key of everything the device screens load; a change to devices, faults or test devices invalidates it. */
export const DEVICES_KEY = ['devices'] as const;

/** Where the browser loads an uploaded file from (same origin; the session cookie authorises it). */
export function fileUrl(fileCode: string): string {
  return `/api/file/download?fileCode=${encodeURIComponent(fileCode)}`;
}
