import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<string, string> = {
  editing: 'gray',
  waiting_release: 'orange',
  released: 'green',
  recycle_bin: 'red',
  cleared: 'dark',
};

/** A recipe's §4 status as a coloured badge in the user's language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'} data-testid="recipe-status">
      {t(`recipes.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t('recipes.yes') : t('recipes.no')}</>;
}

/**
 * An offer of a recipe (online, paid). Devices and the app see released recipes only, so the offer of one not
 * released yet is shown as what it is: it takes effect once the recipe is released.
 */
export function OfferFlag({ value, status }: { value: boolean; status: string }) {
  const { t } = useTranslation();
  if (value && status !== 'released')
    return (
      <Text span size="sm" c="dimmed" data-testid="offer-once-released">
        {t('recipes.offerOnceReleased')}
      </Text>
    );
  return <YesNo value={value} />;
}
