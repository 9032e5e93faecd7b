import type { ChartTable } from '~/console/chart-table';
import { ConsoleChart } from '~/console/console-chart';
import type { Dashboard } from '../../order-stats.server';

/** The dashboard's daily revenue as the console's chart, its table folded under it. */
export function RevenueChart({ daily }: { daily: Dashboard['daily'] }) {
  const table: ChartTable = {
    columns: [
      { label: 'Day', kind: 'day' },
      { label: 'Orders', kind: 'count' },
      { label: 'Revenue', kind: 'money' },
    ],
    rows: daily.map((d) => [d.day, d.orders, d.revenue]),
    chart: { label: 0, value: 2 },
  };
  return <ConsoleChart title={`Revenue by day, last ${daily.length} days`} table={table} folded />;
}
