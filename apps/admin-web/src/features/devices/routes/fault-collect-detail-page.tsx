import '@mantine/charts/styles.layer.css';
import { FAULT_PERIODS, type FaultPeriod } from '@kb/contracts';
import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterButtons } from '../../../components/filter-buttons.js';
import { useBrandModelOptions } from '../../../lib/lookups.js';
import { useFaultTypeNames } from '../api/device-references.js';
import { faultSummaryQuery, NO_FAULT_FILTER, type FaultFilter } from '../api/fault-records.js';
import { faultTypeLabel } from '../components/device-cells.js';
import { FaultCountPanel, type CountRow } from '../components/fault-count-panel.js';
import { faultTypeOptions } from '../components/fault-type-options.js';
import { faultSearchOf } from '../rules/fault-search.js';
import { periodRange } from '../rules/period-range.js';

function Figure({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value ?? '—'}
      </Text>
    </Paper>
  );
}

/**
 * §2 /fault-collect-detail: fault counts by type, model, APK version and period (day, week, month) over the
 * chosen time, model, version and type, as charts; each count links to its records on /fault-record-list.
 */
export function FaultCollectDetailPage() {
  const { t } = useTranslation();
  const faultTypeNames = useFaultTypeNames();
  const products = useBrandModelOptions();
  const [draft, setDraft] = useState<FaultFilter>(NO_FAULT_FILTER);
  const [applied, setApplied] = useState<FaultFilter>(NO_FAULT_FILTER);
  const [period, setPeriod] = useState<FaultPeriod>('day');
  const summary = useQuery(faultSummaryQuery(applied, period));
  const loading = !summary.data;
  const s = summary.data;
  const unknown = t('devices.summary.unknown');
  // Each row's records: the applied filters plus what the row counts.
  const drill = (extra: Partial<FaultFilter>) => faultSearchOf({ ...applied, ...extra });

  const byType: CountRow[] | undefined = s?.byType.map((c) => ({
    name: faultTypeLabel(c.key, faultTypeNames),
    count: c.count,
    records: drill({ type: c.key }),
  }));
  const byModel: CountRow[] | undefined = s?.byModel.map((c) => ({
    name: c.key ? `${c.label ?? c.key} (${c.key})` : unknown,
    count: c.count,
    records: c.key ? drill({ productCode: c.key }) : undefined,
  }));
  const byVersion: CountRow[] | undefined = s?.byVersion.map((c) => ({
    name: c.key || unknown,
    count: c.count,
    records: c.key ? drill({ apkVersion: c.key }) : undefined,
  }));
  const byPeriod: CountRow[] | undefined = s?.byPeriod.map((c) => {
    const range = periodRange(c.key, s.period, applied.time);
    return { name: c.key, count: c.count, records: drill({ time: [range.from, range.to] }) };
  });

  const set = <K extends keyof FaultFilter>(key: K, value: FaultFilter[K]) =>
    setDraft({ ...draft, [key]: value });
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setApplied(draft);
          }}
        >
          <Group align="flex-end" gap="md" wrap="wrap">
            <DatePickerInput
              type="range"
              label={t('devices.summary.range')}
              value={draft.time ?? [null, null]}
              onChange={(v) => set('time', v[0] || v[1] ? [v[0], v[1]] : null)}
              clearable
              valueFormat="YYYY-MM-DD"
              miw={220}
              data-testid="filter-time"
            />
            <Select
              label={t('devices.faults.type')}
              data={faultTypeOptions(draft.type, faultTypeNames)}
              value={draft.type || null}
              onChange={(v) => set('type', v)}
              clearable
              w={180}
              data-testid="filter-type"
            />
            <Select
              label={t('devices.faults.product')}
              data={products}
              value={draft.productCode}
              onChange={(v) => set('productCode', v)}
              clearable
              w={200}
              data-testid="filter-productCode"
            />
            <TextInput
              label={t('devices.fields.apkVersion')}
              value={draft.apkVersion}
              onChange={(e) => set('apkVersion', e.currentTarget.value)}
              w={140}
              data-testid="filter-apkVersion"
            />
            <FilterButtons
              onReset={() => {
                setDraft(NO_FAULT_FILTER);
                setApplied(NO_FAULT_FILTER);
              }}
            />
          </Group>
        </form>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Figure label={t('devices.summary.total')} value={s?.total} testId="summary-total" />
        <Figure label={t('devices.summary.deviceCount')} value={s?.deviceCount} testId="summary-devices" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        {(
          [
            { by: 'byType', rows: byType, color: 'red.6', testId: 'summary-by-type' },
            { by: 'byModel', rows: byModel, color: 'blue.6', testId: 'summary-by-model' },
            { by: 'byVersion', rows: byVersion, color: 'teal.6', testId: 'summary-by-version' },
          ] as const
        ).map((panel) => (
          <FaultCountPanel
            key={panel.by}
            title={t(`devices.summary.${panel.by}`)}
            rows={panel.rows}
            loading={loading}
            color={panel.color}
            testId={panel.testId}
          />
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('devices.summary.byPeriod')}</Text>
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(v) => setPeriod(v as FaultPeriod)}
            data={FAULT_PERIODS.map((p) => ({ value: p, label: t(`devices.summary.periods.${p}`) }))}
            data-testid="summary-period"
          />
        </Group>
        <FaultCountPanel
          title={t(`devices.summary.periods.${period}`)}
          rows={byPeriod}
          loading={loading}
          color="orange.6"
          testId="summary-by-period"
          horizontal={false}
        />
      </Stack>
    </Stack>
  );
}
