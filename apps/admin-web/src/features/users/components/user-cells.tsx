import type { AppUserState } from '@kb/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Enabled or disabled, as a coloured badge. */
export function StatusBadge({ status }: { status: AppUserState }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'enabled' ? 'green' : 'gray'} variant="light" data-testid="user-status">
      {t(`users.status.${status}`)}
    </Badge>
  );
}

/** Registered in the app, or only known from a device binding. */
export function RegisteredBadge({ registered }: { registered: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={registered ? 'blue' : 'yellow'} variant="light">
      {t(registered ? 'users.registered.yes' : 'users.registered.no')}
    </Badge>
  );
}

/** A region as its name in the screen's language, else its code. */
export const regionLabel = (row: { region: string | null; regionName: string | null }) =>
  row.regionName ?? row.region ?? '';
