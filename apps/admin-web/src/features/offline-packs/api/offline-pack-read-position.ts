/** Cache key of everything the offline pack screens load; a command invalidates it (read-your-writes: lib/api-client). */
export const OFFLINE_PACKS_KEY = ['offline-packs'] as const;
