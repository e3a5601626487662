import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLiveRefresh } from '../../../lib/live-events.js';
import { pausedRolloutsQuery } from '../api/apk-rollout.js';
import { APK_KEY } from '../api/apk-read-position.js';
import { pauseReason } from './rollout-panel.js';

/** The home screen's notice of the brand's paused APK rollouts, each with why and a link to its package. */
export function PausedRolloutsNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paused = useQuery(pausedRolloutsQuery());
  // A rollout pausing (the fault watch, or someone) or going on shows here as it happens.
  useLiveRefresh('rollout', [...APK_KEY, 'rollout', 'paused']);
  if (!paused.data?.length) return null;
  return (
    <Alert color="orange" data-testid="home-paused-rollouts">
      <Stack gap={4}>
        {paused.data.map((p) => (
          <Text size="sm" key={p.id}>
            {t('apk.rollout.homeNotice', {
              version: p.versionNumber,
              model: p.productCode,
              subBrand: p.subBrandCode,
              reason: pauseReason(p.pause, t),
            })}{' '}
            <Anchor
              component="button"
              size="sm"
              onClick={() => void navigate({ to: '/apk-detail', search: { id: p.id } })}
            >
              {t('apk.rollout.open')}
            </Anchor>
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
