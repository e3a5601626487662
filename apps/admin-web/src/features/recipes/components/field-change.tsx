import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_FIELDS = new Set(['status', 'recycledFrom']);

/** One changed field of a history entry: its name, and the value before and after, kept short. */
export function FieldChange({ field, before, after }: { field: string; before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('recipes.detail.none');
    if (STATUS_FIELDS.has(field) && typeof value === 'string')
      return t(`recipes.status.${value}`, { defaultValue: value });
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}…` : text;
  };
  return (
    <Text size="xs" data-testid="history-change">
      <Text span fw={600}>
        {field}
      </Text>
      {`: ${show(before)} → ${show(after)}`}
    </Text>
  );
}
