import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
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

export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '';
}

/** Bytes as people read them (KB, MB). */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
