import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DetailItem {
  label: ReactNode;
  value: ReactNode;
  /** Spread over the whole row (long text, images). */
  wide?: boolean;
  testId?: string;
}

/** A read-only record: label over value, in columns; empty values show a dash. */
export function DetailView({
  items,
  loading = false,
  columns = 2,
}: {
  items: DetailItem[];
  loading?: boolean;
  columns?: number;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="lg" verticalSpacing="md">
        {items.map((item, i) => (
          <Stack
            key={i}
            gap={2}
            style={item.wide ? { gridColumn: '1 / -1' } : undefined}
            data-testid={item.testId}
          >
            <Text size="xs" c="dimmed" fw={500}>
              {item.label}
            </Text>
            {loading ? (
              <Skeleton height={20} width="60%" />
            ) : (
              <Text size="sm" component="div" data-testid={item.testId ? `${item.testId}-value` : undefined}>
                {item.value === null || item.value === undefined || item.value === ''
                  ? t('common.empty')
                  : item.value}
              </Text>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
