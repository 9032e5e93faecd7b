import type { AppLoadContext } from 'react-router';
import { csvLine } from '~/lib/csv';
import { CONSOLE_HEADERS } from '~/console/console';
import {
  type Grouping,
  newCustomersReport,
  promoReport,
  type ReportKind,
  type ReportRange,
  type ReportTable,
  salesReport,
  storeDay,
  topProductsReport,
} from './reports.server';
import { requireStaff } from '~/console/staff-access.server';
import { centsToDecimal } from '~/commerce/money';

const KINDS: ReportKind[] = ['sales', 'products', 'promos', 'customers'];

const GROUPINGS: Grouping[] = ['day', 'week', 'month'];
const DEFAULT_SPAN: Record<Grouping, number> = { day: 30, week: 12 * 7, month: 365 };
/** Three years at most: a report is read on a screen. */
const MAX_DAYS = 3 * 366;
const DAY = 86_400_000;

export interface ReportQuery {
  report: ReportKind;
  by: Grouping;
  from: string;
  to: string;
}

const dayOf = (value: string | null): number | undefined => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / DAY);
};
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** The report the URL asks for; anything odd falls back to a sensible default, never an error. */
export function reportQuery(url: URL): { query: ReportQuery; range: ReportRange; note: string | null } {
  const params = url.searchParams;
  const asked = params.get('report') ?? 'sales';
  const report = (KINDS as string[]).includes(asked) ? (asked as ReportKind) : 'sales';
  const by = (GROUPINGS as string[]).includes(params.get('by') ?? '')
    ? (params.get('by') as Grouping)
    : 'day';
  const today = storeDay(Date.now());
  let toDay = dayOf(params.get('to')) ?? today;
  let fromDay = dayOf(params.get('from')) ?? toDay - DEFAULT_SPAN[by] + 1;
  let note: string | null = null;
  if (fromDay > toDay) [fromDay, toDay] = [toDay, fromDay];
  if (toDay - fromDay + 1 > MAX_DAYS) {
    fromDay = toDay - MAX_DAYS + 1;
    note = 'A report covers three years at most: the start was moved.';
  }
  return { query: { report, by, from: isoDay(fromDay), to: isoDay(toDay) }, range: { fromDay, toDay }, note };
}

async function buildReport(
  context: AppLoadContext,
  query: ReportQuery,
  range: ReportRange,
): Promise<ReportTable> {
  const { db, engine } = context.services.database;
  switch (query.report) {
    case 'products':
      return topProductsReport(db, range);
    case 'promos':
      return promoReport(db, range);
    case 'customers':
      return newCustomersReport(db, engine, range, query.by);
    default:
      return salesReport(db, range, query.by);
  }
}

export async function reportsPageData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const { query, range, note } = reportQuery(new URL(request.url));
  return { query, note, table: await buildReport(context, query, range) };
}

/** The same report as CSV: money in dollars with cents, for a spreadsheet. */
export async function reportCsv(context: AppLoadContext, request: Request): Promise<Response> {
  await requireStaff(context, request);
  const { query, range } = reportQuery(new URL(request.url));
  const table = await buildReport(context, query, range);
  const lines = [
    csvLine(table.columns.map((column) => column.label)),
    ...table.rows.map((row) =>
      csvLine(
        row.map((cell, i) => {
          const kind = table.columns[i]?.kind;
          if (kind === 'money') return centsToDecimal(Number(cell));
          // The CSV's weeks read as they always have (a spreadsheet built on them keeps working).
          return kind === 'week' ? `Week of ${cell}` : cell;
        }),
      ),
    ),
  ];
  return new Response(lines.join(''), {
    headers: {
      ...CONSOLE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${query.report}-${query.from}-to-${query.to}.csv"`,
    },
  });
}
