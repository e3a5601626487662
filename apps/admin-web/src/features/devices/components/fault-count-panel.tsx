import { BarChart } from '@mantine/charts';
import { Center, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link.js';
import { faultRecordsLink, type FaultSearch } from '../rules/fault-search.js';

export interface CountRow {
  /** What the row counts, as shown. */
  name: string;
  count: number;
  /** The record list's query showing exactly these records; absent when they cannot be filtered for. */
  records?: FaultSearch;
}

/**
 * One dimension of the fault summary: a bar chart and, under it, each bar's count with a link to its records on
 * /fault-record-list (the drill-down).
 */
export function FaultCountPanel({
  title,
  rows,
  loading,
  color,
  testId,
  horizontal = true,
}: {
  title: string;
  rows: CountRow[] | undefined;
  loading: boolean;
  color: string;
  testId: string;
  /** Bars from the left (categories); false: columns over time. */
  horizontal?: boolean;
}) {
  const { t } = useTranslation();
  const data = rows ?? [];
  const chartRows = horizontal ? data.slice(0, 12) : data;
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        {loading ? (
          <Skeleton height={220} />
        ) : data.length === 0 || data.every((r) => r.count === 0) ? (
          <Center h={120}>
            <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
              {t('devices.summary.empty')}
            </Text>
          </Center>
        ) : (
          <>
            <BarChart
              h={horizontal ? Math.max(160, chartRows.length * 34) : 240}
              data={chartRows}
              dataKey="name"
              orientation={horizontal ? 'vertical' : 'horizontal'}
              series={[{ name: 'count', label: t('devices.summary.count'), color }]}
              yAxisProps={horizontal ? { width: 130 } : undefined}
              gridAxis={horizontal ? 'x' : 'y'}
              withBarValueLabel={horizontal}
            />
            <Table.ScrollContainer minWidth={240} mah={horizontal ? undefined : 260}>
              <Table striped highlightOnHover fz="sm" data-testid={`${testId}-table`}>
                <Table.Tbody>
                  {data
                    .filter((r) => horizontal || r.count > 0)
                    .map((r) => (
                      <Table.Tr key={r.name} data-testid="summary-row">
                        <Table.Td>{r.name}</Table.Td>
                        <Table.Td w={90} ta="right" data-testid="summary-count">
                          {r.count}
                        </Table.Td>
                        <Table.Td w={110} ta="right">
                          {r.records && (
                            <Group justify="flex-end">
                              <AnchorLink
                                size="sm"
                                {...faultRecordsLink(r.records)}
                                data-testid="summary-records"
                              >
                                {t('devices.summary.records')}
                              </AnchorLink>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}
