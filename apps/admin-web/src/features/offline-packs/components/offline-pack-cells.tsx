import type { OfflinePackReleaseStatus, OfflinePackTestStatus, OfflinePackType } from '@kb/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function TypeBadge({ type }: { type: OfflinePackType }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={type === 'initial' ? 'indigo' : 'teal'} data-testid="pack-type">
      {t(`offlinePacks.type.${type}`)}
    </Badge>
  );
}

export function TestBadge({ status }: { status: OfflinePackTestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={status === 'testing' ? 'blue' : 'gray'} data-testid="pack-test-status">
      {t(`offlinePacks.testStatus.${status}`)}
    </Badge>
  );
}

export function ReleaseBadge({ status }: { status: OfflinePackReleaseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={status === 'online' ? 'green' : 'gray'} data-testid="pack-release-status">
      {t(`offlinePacks.releaseStatus.${status}`)}
    </Badge>
  );
}
