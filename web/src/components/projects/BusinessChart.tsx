import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { formatMoney, formatMonth } from '../../lib/format';
import type { Business } from './types';

/** Value sold and money received per month, side by side. */
export default function BusinessChart({ months }: { months: Business['byMonth'] }) {
  const data = months.map((m) => ({ month: formatMonth(m.month), 'Value sold': m.value, Received: m.received }));
  return (
    <div role="img" aria-label={`Value sold and received per month, ${months.length} months`}>
      <BarChart
        h={260}
        data={data}
        dataKey="month"
        series={[
          { name: 'Value sold', color: 'blue.6' },
          { name: 'Received', color: 'teal.6' },
        ]}
        tickLine="y"
        valueFormatter={(v) => formatMoney(v)}
        yAxisProps={{ width: 90 }}
      />
    </div>
  );
}
