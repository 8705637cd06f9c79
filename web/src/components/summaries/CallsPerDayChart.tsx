import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { formatHms, type CallTimes } from '../../../../shared/schemas/summaries';
import { displayLanguage, formatDayMonth } from '../../lib/format';

/** Calls per day as bars, with the day's talk time in the tooltip. */
export default function CallsPerDayChart({
  days,
  talkLabel,
  callsText,
  chartLabel,
}: {
  days: (CallTimes & { date: string })[];
  talkLabel: string;
  /** "3 calls", in the reader's language */
  callsText: (count: number) => string;
  chartLabel: string;
}) {
  const data = days.map((d) => ({ day: formatDayMonth(d.date), Calls: d.count, talkTime: d.talkTime }));
  const none = days.every((d) => d.count === 0);
  return (
    <div role="img" aria-label={chartLabel}>
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
                  {callsText(p.Calls)} · {talkLabel} {formatHms(p.talkTime, displayLanguage())}
                </div>
              </div>
            );
          },
        }}
      />
    </div>
  );
}
