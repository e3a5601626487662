import { Loader, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/call.js';
import { OFFLINE_PACKS_KEY } from '../api/offline-pack-read-position.js';

/** `/offlineRecipes/compatibility`: the brand's devices of the pack's sub-brand it would not fit, and why. */
export const offlinePackCompatibilityQuery = (id: string) =>
  queryOptions({
    queryKey: [...OFFLINE_PACKS_KEY, 'compatibility', id],
    queryFn: ({ signal }) => call.get('/offlineRecipes/compatibility', { id }, { signal, quiet: true }),
    // Asked each time a release is confirmed: devices come and go between two releases.
    staleTime: 0,
  });

/** Under a release's confirmation: how many devices the pack fits, and how many it does not, per reason. */
export function OfflinePackCompatibilityWarning({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(offlinePackCompatibilityQuery(id));
  if (!data)
    return (
      <Text size="sm" c="dimmed">
        <Loader size="xs" mr={6} />
        {t('offlinePacks.compatibility.loading')}
      </Text>
    );
  return (
    <Stack gap={2} mt="xs" data-testid="pack-compatibility">
      <Text size="sm">
        {t('offlinePacks.compatibility.fitAll', { devices: data.devices, eligible: data.eligible })}
      </Text>
      {data.incompatible.map((r) => (
        <Text size="sm" c="orange.8" key={r.reason} data-testid={`pack-incompatible-${r.reason}`}>
          {t('offlinePacks.compatibility.incompatible', {
            devices: r.devices,
            reason: t(`offlinePacks.compatibility.reasons.${r.reason}`, {
              languages: data.languages.join(', '),
            }),
          })}
        </Text>
      ))}
    </Stack>
  );
}
