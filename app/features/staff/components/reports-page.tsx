import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { formatPrice } from '~/commerce/money';
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

function cellText(value: string | number, kind: ReportTable['columns'][number]['kind']) {
  if (kind === 'money') return formatPrice(Number(value));
  if (kind === 'count') return Number(value).toLocaleString('en-US');
  return String(value);
}

/** Bars drawn on the server, with the figures in the table below for screen readers. */
function BarChart({ table, title }: { table: ReportTable; title: string }) {
  const { label, value } = table.chart;
  const kind = table.columns[value]?.kind ?? 'count';
  const values = table.rows.map((row) => Number(row[value]));
  const max = Math.max(1, ...values);
  const width = 600;
  const height = 180;
  const bar = width / Math.max(1, table.rows.length);
  const bestIndex = values.indexOf(Math.max(...values, 0));
  const best = table.rows[bestIndex];
  const summary = best
    ? `${title}: ${table.rows.length} bars, highest ${cellText(best[value] ?? 0, kind)} for ${String(best[label])}.`
    : `${title}: nothing in this period.`;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-44 w-full text-brand"
      role="img"
      aria-label={summary}
      preserveAspectRatio="none"
    >
      {values.map((v, i) => {
        const h = Math.round((v / max) * (height - 4));
        return (
          <rect
            key={i}
            x={i * bar + 1}
            y={height - h}
            width={Math.max(1, bar - 2)}
            height={h}
            fill="currentColor"
          />
        );
      })}
    </svg>
  );
}

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
            {title}, {query.from} to {query.to}
          </h2>
          <a href={`/admin/reports.csv?${params}`} className={secondaryButton} download>
            Download CSV
          </a>
        </div>
        <BarChart table={table} title={title} />
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left">
            <caption className="sr-only">
              {title}, {query.from} to {query.to}
            </caption>
            <thead>
              <tr className="border-b-2 border-border">
                {table.columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={`py-2 pr-4 ${column.kind === 'text' ? '' : 'text-right'}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.length === 0 ? (
                <tr>
                  <td colSpan={table.columns.length} className="py-2">
                    Nothing in this period.
                  </td>
                </tr>
              ) : (
                table.rows.map((row, r) => (
                  <tr key={r} className="border-b border-border">
                    {row.map((cell, i) => {
                      const kind = table.columns[i]?.kind ?? 'text';
                      return i === 0 ? (
                        <th key={i} scope="row" className="py-2 pr-4 font-normal break-words">
                          {cellText(cell, kind)}
                        </th>
                      ) : (
                        <td key={i} className="py-2 pr-4 text-right">
                          {cellText(cell, kind)}
                        </td>
                      );
                    })}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
