import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { OFFLINE_PACKS_KEY } from './offline-pack-read-position.js';

/** `/offlineRecipes/compatibility`: the brand's devices of the pack's sub-brand it would not fit, and why. */
export const offlinePackCompatibilityQuery = (id: string) =>
  queryOptions({
    queryKey: [...OFFLINE_PACKS_KEY, 'compatibility', id],
    queryFn: ({ signal }) => call.get('/offlineRecipes/compatibility', { id }, { signal, quiet: true }),
    // Asked each time a release is confirmed: devices come and go between two releases.
    staleTime: 0,
  });
