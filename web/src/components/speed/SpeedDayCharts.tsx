import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatWait } from '../../../../shared/durations';
import { QUICK_CALL_MINUTES, type SpeedDay } from '../../../../shared/schemas/speed';
import { formatDate } from '../../lib/format';

/** Per arrival day: the median wait (minutes of working time) and the share called within 5 minutes. */
export default function SpeedDayCharts({ days }: { days: SpeedDay[] }) {
  const data = days.map((d) => ({
    day: formatDate(d.date).slice(0, 6),
    // Days without a called lead have no median: a gap, not a zero.
    median: d.medianMs === null ? null : Math.round(d.medianMs / 6000) / 10,
    quick: d.quickShare === null ? null : Math.round(d.quickShare * 1000) / 10,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md">
        <Text fw={600}>Median wait per day</Text>
        <Text size="xs" c="dimmed" mb="sm">
          Working minutes to the first call, by the day the leads arrived
        </Text>
        <LineChart
          h={240}
          data={data}
          dataKey="day"
          series={[{ name: 'median', label: 'Median wait', color: 'indigo.6' }]}
          connectNulls={false}
          valueFormatter={(v) => formatWait(v * 60_000)}
          yAxisProps={{ tickFormatter: (v: number) => `${v}m` }}
          curveType="linear"
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text fw={600}>Called within {QUICK_CALL_MINUTES} minutes</Text>
        <Text size="xs" c="dimmed" mb="sm">
          Share of the day's leads, in percent
        </Text>
        <BarChart
          h={240}
          data={data}
          dataKey="day"
          series={[{ name: 'quick', label: `Within ${QUICK_CALL_MINUTES} min`, color: 'teal.6' }]}
          valueFormatter={(v) => `${v}%`}
          yAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v}%` }}
        />
      </Paper>
    </SimpleGrid>
  );
}
