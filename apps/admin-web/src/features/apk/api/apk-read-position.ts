/**
 * Read-your-writes: every APK command answers `x-read-position`; the next list or detail GET sends the latest
 * one back so the API waits until the read models show the change.
 */
const READ_POSITION = 'x-read-position';
let lastPosition: string | null = null;

export const rememberReadPosition = (headers: Headers) => {
  const position = headers.get(READ_POSITION);
  if (position) lastPosition = position;
};

export function readPositionHeaders(): Record<string, string> {
  return lastPosition ? { [READ_POSITION]: lastPosition } : {};
}

/** Cache key of everything the APK screens load; a command invalidates it. */
export const APK_KEY = ['apk'] as const;
