import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { DEVICES_KEY } from './devices-key.js';

/** `/api/device/telemetryHistory?id=&days=`: samples per hour (per day beyond a week) with reading averages. */
export const deviceTelemetryHistoryQuery = (id: string, days: number) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'telemetryHistory', id, days],
    queryFn: ({ signal }) => call.get('/device/telemetryHistory', { id, days: String(days) }, { signal }),
    refetchInterval: 60_000,
  });
