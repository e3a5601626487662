import '@mantine/charts/styles.layer.css';
import { TELEMETRY_HISTORY_DAYS } from '@kb/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import { Center, Group, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/translate.js';
import { deviceTelemetryHistoryQuery } from '../api/device-telemetry-history.js';

const SAMPLES = 'samples';
type Days = (typeof TELEMETRY_HISTORY_DAYS)[number];

/** A reading's name (and unit) in the user's language; one the catalog does not know as the device sent it. */
const readingLabel = (key: string) => translateKey(`devices.readings.${key}`) ?? key;

/**
 * The device's history from the hourly rollup: samples per hour (per day beyond a week) as bars, or the hourly
 * average of one reading as a line. It outlives the raw samples, which expire with the brand's retention. Loaded
 * with the device detail screen only (charts are a large bundle).
 */
export function DeviceHistoryChart({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<Days>(7);
  const [shown, setShown] = useState<string>(SAMPLES);
  const history = useQuery(deviceTelemetryHistoryQuery(deviceId, days));
  const data = history.data;
  const format = data?.bucket === 'day' ? 'MM-DD' : 'MM-DD HH:00';
  const total = data?.points.reduce((n, p) => n + p.samples, 0) ?? 0;
  const series = shown !== SAMPLES && data?.readingKeys.includes(shown) ? shown : SAMPLES;
  const rows = (data?.points ?? []).map((p) => ({
    at: dayjs(p.at).format(format),
    [SAMPLES]: p.samples,
    ...(series !== SAMPLES ? { [series]: p.readings[series] ?? null } : {}),
  }));
  const spanLabel = t(`devices.history.days.${days}`);
  return (
    <Stack gap="sm" data-testid="device-history">
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          value={String(days)}
          onChange={(v) => setDays(Number(v) as Days)}
          data={TELEMETRY_HISTORY_DAYS.map((d) => ({
            value: String(d),
            label: t(`devices.history.days.${d}`),
          }))}
          data-testid="device-history-days"
        />
        <Select
          size="xs"
          w={200}
          label={t('devices.history.show')}
          allowDeselect={false}
          value={series}
          onChange={(v) => setShown(v ?? SAMPLES)}
          data={[
            { value: SAMPLES, label: t('devices.history.samples') },
            ...(data?.readingKeys ?? []).map((k) => ({ value: k, label: readingLabel(k) })),
          ]}
          data-testid="device-history-series"
        />
      </Group>
      {!data ? (
        <Skeleton height={220} />
      ) : total === 0 ? (
        <Center h={120}>
          <Text c="dimmed" size="sm" data-testid="device-history-empty">
            {t('devices.history.empty')}
          </Text>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="device-history-total">
            {t('devices.history.total', { count: total, span: spanLabel })}
          </Text>
          {series === SAMPLES ? (
            <BarChart
              h={220}
              data={rows}
              dataKey="at"
              series={[{ name: SAMPLES, label: t('devices.history.samples'), color: 'blue.6' }]}
            />
          ) : (
            <LineChart
              h={220}
              data={rows}
              dataKey="at"
              connectNulls
              withDots={false}
              series={[{ name: series, label: readingLabel(series), color: 'orange.6' }]}
            />
          )}
        </>
      )}
    </Stack>
  );
}
