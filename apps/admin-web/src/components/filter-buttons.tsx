import { Button, Group } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** A filter bar's Search button, which submits the bar's form, and its Reset button. */
export const FilterButtons = memo(function FilterButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="filter-search">
        {t('components.search')}
      </Button>
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onReset}>
        {t('components.reset')}
      </Button>
    </Group>
  );
});
