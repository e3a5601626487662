import type { ColorSchemeChoice } from '@kb/contracts';
import { localStorageColorSchemeManager } from '@mantine/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './call.js';

/**
 * This browser's copy of the user's colour scheme: read before the first paint, so a dark console never flashes
 * white. The server keeps the user's choice too (`/api/preferences`), so another browser follows it.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'kb.color-scheme' });

export const preferencesQuery = queryOptions({
  queryKey: ['preferences'],
  queryFn: ({ signal }) => call.get('/preferences', {}, { signal, quiet: true }),
  staleTime: Infinity,
});

export function useSaveColorScheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (colorScheme: ColorSchemeChoice) =>
      call.post('/preferences', { colorScheme }, { successMessage: false, quiet: true }),
    onSuccess: (saved) => client.setQueryData(preferencesQuery.queryKey, saved),
  });
}
