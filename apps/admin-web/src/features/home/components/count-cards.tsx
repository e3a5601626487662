import type { BrandIndexCount } from '@kb/contracts';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconCategory,
  IconChefHat,
  IconDevices,
  IconPlugConnected,
  IconPower,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const CARDS: { key: Exclude<keyof BrandIndexCount, 'recycledRecipeCount'>; icon: Icon; color: string }[] = [
  { key: 'recipeCount', icon: IconChefHat, color: 'red' },
  { key: 'recipeCategoryCount', icon: IconCategory, color: 'orange' },
  { key: 'deviceCount', icon: IconDevices, color: 'blue' },
  { key: 'onlineDeviceCount', icon: IconPlugConnected, color: 'teal' },
  { key: 'activatedDeviceCount', icon: IconPower, color: 'grape' },
  { key: 'userCount', icon: IconUsers, color: 'indigo' },
];

export function CountCards({ counts, loading }: { counts: BrandIndexCount | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md">
      {CARDS.map(({ key, icon: CardIcon, color }) => (
        <Paper key={key} withBorder p="md" radius="md" data-testid={`count-${key}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {t(`home.counts.${key}`)}
              </Text>
              {loading ? (
                <Skeleton height={28} width={64} mt={6} />
              ) : (
                <Text
                  fz={28}
                  fw={700}
                  data-testid={`count-${key}-value`}
                  title={counts ? undefined : t('home.unavailable')}
                >
                  {counts ? format.format(counts[key]) : t('common.empty')}
                </Text>
              )}
              {/* The recipe count holds the recycle bin too (the list does not): say how many of them. */}
              {key === 'recipeCount' && counts && !loading && (
                <Text size="xs" c="dimmed" data-testid="count-recipeCount-note">
                  {t('home.counts.recipeNote', { count: counts.recycledRecipeCount })}
                </Text>
              )}
            </div>
            <ThemeIcon color={color} variant="light" size={40} radius="md">
              <CardIcon size={22} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
