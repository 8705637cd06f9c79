import { lazy, Suspense } from 'react';
import { Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { displayLanguage, formatCount, formatDate, timeZoneName } from '../../lib/format';
import classes from './LoginHours.module.css';
import { formatHms, splitDuration, type LoginHourWindow, type LoginHours } from '../../../../shared/schemas/summaries';
import { VerifiedMark, useMarkTexts } from './VerifiedMark';

// Charts (recharts) load only with this page's chart, never with the app.
const CallsPerDayChart = lazy(() => import('./CallsPerDayChart'));

const WINDOWS: LoginHourWindow[] = ['today', 'yesterday', 'week', 'month', 'year'];

/** Talk Time (the original app's Login Hours page): the telecaller's calls and talk time today, yesterday, this week, month and year. */
export function LoginHoursPage() {
  const { t } = useTranslation();
  const hours = trpc.summaries.loginHours.useQuery();
  return (
    <Stack>
      <div>
        <Title order={2}>{t('titles./leadspage/loginhours')}</Title>
        <Text c="dimmed" size="sm">
          {t('loginHours.intro', { zone: timeZoneName() })}
        </Text>
      </div>
      <QueryState query={hours} errorText={t('loginHours.failed')}>
        {(data) => (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
              {WINDOWS.map((w) => (
                <WindowCard key={w} label={t(`loginHours.${w}`)} total={data.windows[w]} wide={w === 'today'} />
              ))}
            </SimpleGrid>
            <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
              <Group justify="space-between" mb="sm" wrap="wrap" gap={4}>
                <Text fw={600}>{t('loginHours.perDay')}</Text>
                <Text size="sm" c="dimmed">
                  {formatDate(data.perDay[0]!.date)} – {formatDate(data.today)}
                </Text>
              </Group>
              <Suspense fallback={<Skeleton h={240} />}>
                <CallsPerDayChart
                  days={data.perDay}
                  talkLabel={t('loginHours.talkTime')}
                  callsText={(count) => `${formatCount(count)} ${t('loginHours.calls', { count })}`}
                  chartLabel={t('loginHours.chartLabel', { count: data.perDay.reduce((n, d) => n + d.count, 0), days: data.perDay.length })}
                />
              </Suspense>
            </Paper>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function WindowCard({ label, total, wide }: { label: string; total: LoginHours['windows'][LoginHourWindow]; wide: boolean }) {
  const { t } = useTranslation();
  const marks = useMarkTexts();
  const { h, m, s } = splitDuration(total.talkTime);
  return (
    <Card withBorder radius="md" padding="md" className={wide ? classes.today : undefined}>
      <Text size="sm" fw={500} c="dimmed">
        {label}
      </Text>
      <Group gap={6} align="baseline" mt={4}>
        <Text fz={28} fw={700} lh={1.1} aria-label={t('loginHours.callsLabel', { count: total.count })}>
          {formatCount(total.count)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('loginHours.calls', { count: total.count })}
        </Text>
      </Group>
      <Text size="sm" mt={6} title={formatHms(total.talkTime, displayLanguage())} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('loginHours.talkTime')} {t('loginHours.hms', { h, m, s })}
      </Text>
      {total.verifiedTalkTime > 0 && (
        <Group gap={4} mt={4} wrap="nowrap">
          <VerifiedMark texts={marks} />
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatHms(total.verifiedTalkTime, displayLanguage())}
          </Text>
        </Group>
      )}
    </Card>
  );
}
