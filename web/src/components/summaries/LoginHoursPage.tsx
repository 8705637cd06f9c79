import { lazy, Suspense } from 'react';
import { Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { PAGE_TITLES } from '../layout/pageTitles';
import { formatCount, formatDate, timeZoneName } from '../../lib/format';
import classes from './LoginHours.module.css';
import { formatHms, splitDuration, type CallTotal, type LoginHourWindow } from '../../../../shared/schemas/summaries';

// Charts (recharts) load only with this page's chart, never with the app.
const CallsPerDayChart = lazy(() => import('./CallsPerDayChart'));

const WINDOW_LABELS: Record<LoginHourWindow, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  week: 'This week',
  month: 'This month',
  year: 'This year',
};

/** Login Hours: the telecaller's calls and time on calls today, yesterday, this week, month and year. */
export function LoginHoursPage() {
  const hours = trpc.summaries.loginHours.useQuery();
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/leadspage/loginhours']}</Title>
        <Text c="dimmed" size="sm">
          Your calls and your time on calls. Days follow your company's time, {timeZoneName()}; weeks start on Monday.
        </Text>
      </div>
      <QueryState query={hours} errorText="Could not load your call summary.">
        {(data) => (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
              {(Object.keys(WINDOW_LABELS) as LoginHourWindow[]).map((w) => (
                <WindowCard key={w} label={WINDOW_LABELS[w]} total={data.windows[w]} wide={w === 'today'} />
              ))}
            </SimpleGrid>
            <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
              <Group justify="space-between" mb="sm" wrap="wrap" gap={4}>
                <Text fw={600}>Calls per day</Text>
                <Text size="sm" c="dimmed">
                  {formatDate(data.perDay[0]!.date)} – {formatDate(data.today)}
                </Text>
              </Group>
              <Suspense fallback={<Skeleton h={240} />}>
                <CallsPerDayChart days={data.perDay} />
              </Suspense>
            </Paper>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function WindowCard({ label, total, wide }: { label: string; total: CallTotal; wide: boolean }) {
  const { h, m, s } = splitDuration(total.duration);
  return (
    <Card withBorder radius="md" padding="md" className={wide ? classes.today : undefined}>
      <Text size="sm" fw={500} c="dimmed">
        {label}
      </Text>
      <Group gap={6} align="baseline" mt={4}>
        <Text fz={28} fw={700} lh={1.1} aria-label={`${total.count} calls`}>
          {formatCount(total.count)}
        </Text>
        <Text size="sm" c="dimmed">
          {total.count === 1 ? 'call' : 'calls'}
        </Text>
      </Group>
      <Text size="sm" mt={6} title={formatHms(total.duration)} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {h} h {m} m {s} s
      </Text>
    </Card>
  );
}
