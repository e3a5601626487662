import type { StaffPostPath } from '@kb/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from './call.js';

/** The API areas whose records are deleted one by id (`<area>/delete`) or several at once (`<area>/batchDelete`). */
export type DeletableArea = {
  [P in StaffPostPath]: P extends `${infer A}/batchDelete`
    ? `${A}/delete` extends StaffPostPath
      ? A
      : never
    : never;
}[StaffPostPath];

/**
 * Deletes one record of `area` (`delete`) or several, all or none (`batchDelete`); then, gone or refused, `settle`
 * brings what the screens show up to date.
 */
export function useDeleteRecords(
  area: DeletableArea,
  settle: (queryClient: QueryClient) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]): Promise<unknown> =>
      ids.length === 1
        ? call.post(`${area}/delete` as `${DeletableArea}/delete`, { id: ids[0]! } as never, {
            kind: 'command',
          })
        : call.post(`${area}/batchDelete` as `${DeletableArea}/batchDelete`, { ids } as never, {
            kind: 'command',
          }),
    onSettled: () => settle(queryClient),
  });
}
