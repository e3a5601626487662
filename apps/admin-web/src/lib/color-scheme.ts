import type { ColorSchemeChoice, StaffPreferences } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.js';

/** The user's colour scheme as the server keeps it, so another browser follows it (see color-scheme-manager.ts). */
export const preferencesQuery = queryOptions({
  queryKey: ['preferences'],
  queryFn: ({ signal }) => api<StaffPreferences>('/preferences', { signal, quiet: true }),
  staleTime: Infinity,
});

export function useSaveColorScheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (colorScheme: ColorSchemeChoice) =>
      api<StaffPreferences>('/preferences', { json: { colorScheme }, successMessage: false, quiet: true }),
    onSuccess: (saved) => client.setQueryData(preferencesQuery.queryKey, saved),
  });
}
