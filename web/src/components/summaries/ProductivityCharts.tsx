import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { CALL_CATEGORIES, formatHms, type Productivity } from '../../../../shared/schemas/summaries';
import { durationTicks, formatShortHms } from '../../../../shared/durations';
import { CATEGORY_COLORS } from './CallCategoryBadge';
import { FeedbackBreakdown } from './FeedbackBreakdown';

/** The busiest this many telecallers get a bar: more would not fit a readable chart. */
const MAX_BARS = 15;

/** Calls per telecaller (stacked by outcome), talk time per telecaller, and the company's outcome mix. */
export default function ProductivityCharts({ data }: { data: Productivity }) {
  const active = data.rows.filter((r) => r.calls > 0).slice(0, MAX_BARS);
  const height = Math.max(200, 48 + active.length * 34);
  const calls = active.map((r) => ({ name: r.name, ...r.mix }));
  const talk = active.map((r) => ({ name: r.name, talk: r.talkTime }));
  const talkTicks = durationTicks(Math.max(0, ...active.map((r) => r.talkTime)));
  const mix = CALL_CATEGORIES.filter((c) => data.totals.mix[c] > 0).map((c) => ({ name: c, value: data.totals.mix[c], color: `${CATEGORY_COLORS[c]}.6` }));
  const capped = data.rows.filter((r) => r.calls > 0).length > MAX_BARS;

  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      <Paper withBorder p="md" radius="md">
        <Text fw={600}>Calls per telecaller</Text>
        <Text size="xs" c="dimmed" mb="sm">
          {capped ? `The ${MAX_BARS} busiest, ` : ''}by what the calls came to
        </Text>
        <BarChart
          h={height}
          data={calls}
          dataKey="name"
          type="stacked"
          orientation="vertical"
          series={CALL_CATEGORIES.map((c) => ({ name: c, color: `${CATEGORY_COLORS[c]}.6` }))}
          gridAxis="y"
          yAxisProps={{ width: 90 }}
          xAxisProps={{ allowDecimals: false }}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text fw={600}>Talk time per telecaller</Text>
        <Text size="xs" c="dimmed" mb="sm">
          Time on connected calls
        </Text>
        <BarChart
          h={height}
          data={talk}
          dataKey="name"
          orientation="vertical"
          series={[{ name: 'talk', label: 'Talk time', color: 'teal.6' }]}
          valueFormatter={formatHms}
          gridAxis="y"
          yAxisProps={{ width: 90 }}
          xAxisProps={{ ticks: talkTicks, domain: [0, talkTicks.at(-1)!], interval: 0, tickFormatter: formatShortHms }}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text fw={600}>Outcome mix</Text>
        <Text size="xs" c="dimmed" mb="sm">
          Every call of the company in the range
        </Text>
        <Stack align="center" gap="sm">
          <DonutChart data={mix} size={180} thickness={28} withTooltip tooltipDataSource="segment" chartLabel={`${data.totals.calls} calls`} />
          <Group gap="xs" justify="center">
            {mix.map((m) => (
              <Group key={m.name} gap={4} wrap="nowrap">
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: `var(--mantine-color-${CATEGORY_COLORS[m.name]}-6)` }} />
                <Text size="xs">
                  {m.name} {m.value}
                </Text>
              </Group>
            ))}
          </Group>
          {/* Under each status, its calls by the company's feedback choices */}
          <Stack gap="xs" w="100%" aria-label="Outcome mix by feedback">
            {CALL_CATEGORIES.filter((c) => data.feedbackMix[c].length > 0).map((c) => (
              <div key={c}>
                <Text size="xs" fw={600} c={`${CATEGORY_COLORS[c]}.7`}>
                  {c}
                </Text>
                <FeedbackBreakdown feedback={data.feedbackMix[c]} />
              </div>
            ))}
          </Stack>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
