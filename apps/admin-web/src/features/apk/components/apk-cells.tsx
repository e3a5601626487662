import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const REVIEW_COLORS: Record<string, string> = {
  uncommitted: 'gray',
  pending_review: 'orange',
  created: 'green',
  returned: 'red',
  deleted: 'dark',
};

/** An APK package's review status (§4) as a coloured badge in the user's language. */
export function ReviewBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={REVIEW_COLORS[status] ?? 'gray'} data-testid="apk-review-status">
      {t(`apk.reviewStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function TestBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={status === 'testing' ? 'blue' : 'gray'} data-testid="apk-test-status">
      {t(`apk.testStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function ReleaseBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={status === 'online' ? 'green' : 'gray'} data-testid="apk-release-status">
      {t(`apk.releaseStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}
