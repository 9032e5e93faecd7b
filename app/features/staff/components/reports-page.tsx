import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { formatDay } from '~/console/chart-table';
import { ConsoleChart } from '~/console/console-chart';
import type { ReportQuery } from '../reports-console.server';
import type { ReportTable } from '../reports.server';

const REPORT_LABELS: Record<ReportQuery['report'], string> = {
  sales: 'Sales',
  products: 'Top products',
  promos: 'Promo codes',
  customers: 'New customers',
};

const BY_OPTIONS = [
  ['day', 'Day'],
  ['week', 'Week'],
  ['month', 'Month'],
] as const;

export function ReportsPage({
  query,
  note,
  table,
}: {
  query: ReportQuery;
  note: string | null;
  table: ReportTable;
}) {
  const grouped = query.report === 'sales' || query.report === 'customers';
  const params = new URLSearchParams({ report: query.report, from: query.from, to: query.to });
  if (grouped) params.set('by', query.by);
  const title = REPORT_LABELS[query.report];
  const heading = `${title}, ${formatDay(query.from)} to ${formatDay(query.to)}`;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Reports</h1>
      <nav aria-label="Reports">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(REPORT_LABELS) as ReportQuery['report'][]).map((report) => (
            <li key={report}>
              <Link
                to={`/admin/reports?report=${report}`}
                aria-current={report === query.report ? 'page' : undefined}
                className={`${secondaryButton} aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white`}
              >
                {REPORT_LABELS[report]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="grid gap-4 sm:grid-cols-4 sm:items-end">
        <input type="hidden" name="report" value={query.report} />
        <Field label="From" name="from" type="date" defaultValue={query.from} />
        <Field label="To" name="to" type="date" defaultValue={query.to} />
        {grouped ? (
          <SelectField label="By" name="by" defaultValue={query.by} options={BY_OPTIONS} />
        ) : (
          <div />
        )}
        <button type="submit" className={primaryButton}>
          Show
        </button>
      </Form>
      {note ? <p role="status">{note}</p> : null}
      <section aria-labelledby="report-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="report-title" className="text-xl font-bold">
            {heading}
          </h2>
          <a href={`/admin/reports.csv?${params}`} className={secondaryButton} download>
            Download CSV
          </a>
        </div>
        <ConsoleChart title={heading} table={table} />
      </section>
    </div>
  );
}
