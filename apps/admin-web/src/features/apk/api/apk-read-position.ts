/** Cache key of everything the APK screens load; a command invalidates it (read-your-writes: lib/api-client). */
export const APK_KEY = ['apk'] as const;
