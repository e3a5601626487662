import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { offlinePackCompatibilityQuery } from '../api/offline-pack-compatibility.js';

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
