import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import dayjs from 'dayjs';
import { formatHms, type CallTimes } from '../../../../shared/schemas/summaries';

/** Calls per day as bars, with the day's talk time in the tooltip. */
export default function CallsPerDayChart({ days, talkLabel }: { days: (CallTimes & { date: string })[]; talkLabel: string }) {
  const data = days.map((d) => ({ day: dayjs(d.date).format('DD MMM'), Calls: d.count, talkTime: d.talkTime }));
  const none = days.every((d) => d.count === 0);
  return (
    <div role="img" aria-label={`Calls per day: ${days.reduce((n, d) => n + d.count, 0)} in ${days.length} days`}>
      <BarChart
        h={240}
        data={data}
        dataKey="day"
        series={[{ name: 'Calls', color: 'indigo.6' }]}
        tickLine="y"
        withTooltip={!none}
        yAxisProps={{ allowDecimals: false, width: 32 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
        tooltipProps={{
          content: ({ payload, label }) => {
            const p = payload?.[0]?.payload as { Calls: number; talkTime: number } | undefined;
            if (!p) return null;
            return (
              <div
                style={{
                  background: 'var(--mantine-color-body)',
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 6,
                  padding: '6px 10px',
                  fontSize: 13,
                }}
              >
                <strong>{label}</strong>
                <div>
                  {p.Calls} {p.Calls === 1 ? 'call' : 'calls'} · {talkLabel} {formatHms(p.talkTime)}
                </div>
              </div>
            );
          },
        }}
      />
    </div>
  );
}
