import type { ColorSchemeChoice } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './call.js';

/** The user's colour scheme as the server keeps it, so another browser follows it (see color-scheme-manager.ts). */
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
