import type { ListName, SavedView, SavedViewSave } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';

const SAVED_VIEWS_KEY = ['saved-views'] as const;

/** `/api/savedView/list?list=`: the caller's views of a list, then those shared with the brand. */
export const savedViewsQuery = (list: ListName) =>
  queryOptions({
    queryKey: [...SAVED_VIEWS_KEY, list],
    queryFn: ({ signal }) =>
      api<SavedView[]>('/savedView/list', { query: { list }, signal, kind: 'reference' }),
  });

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SavedViewSave, 'shared'> & { shared: boolean }) =>
      api<SavedView>('/savedView/save', { json: input, kind: 'command', quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: number }>('/savedView/delete', { json: { id }, kind: 'command' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY }),
  });
}
