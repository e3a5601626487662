import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { DEVICES_KEY } from './devices-key.js';

/** `/api/device/detail?id=`: the device, its bound user, 20 newest samples and faults. Quiet: the page says
 * "device does not exist" itself. Refreshed every few seconds (new samples and faults); its online state also
 * at once, from the event stream (the page's `useLiveRefresh`). */
export const deviceDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/device/detail', { id }, { signal, quiet: true }),
    retry: false,
    refetchInterval: 5000,
  });

export interface DeviceSettings {
  id: string;
  pictureFileCode?: string | null;
  inactivityTimeoutSeconds?: number | null;
}

/** `/api/device/update`: the device picture and its own inactivity timeout. Quiet: the form shows errors. */
export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeviceSettings) =>
      call.post('/device/update', input, { quiet: true, kind: 'command' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

/** `/api/device/revokeCredential`: device-ingest refuses the device until it activates again. */
export function useRevokeCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      call.post('/device/revokeCredential', { ids }, { kind: 'command' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
