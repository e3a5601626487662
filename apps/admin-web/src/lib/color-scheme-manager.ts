import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * This browser's copy of the user's colour scheme: read before the first paint, so a dark console never flashes
 * white. The server keeps the user's choice too (`/api/preferences`, color-scheme.ts), so another browser follows it.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'kb.color-scheme' });
