import type { ListName, SavedViewSave } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call.js';

const SAVED_VIEWS_KEY = ['saved-views'] as const;

/** `/api/savedView/list?list=`: the caller's views of a list, then those shared with the brand. */
export const savedViewsQuery = (list: ListName) =>
  queryOptions({
    queryKey: [...SAVED_VIEWS_KEY, list],
    queryFn: ({ signal }) => call.get('/savedView/list', { list }, { signal, kind: 'reference' }),
  });

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SavedViewSave, 'shared'> & { shared: boolean }) =>
      call.post('/savedView/save', input, { kind: 'command', quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call.post('/savedView/delete', { id }, { kind: 'command' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY }),
  });
}
