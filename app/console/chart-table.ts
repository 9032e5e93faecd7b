import { formatPrice } from '~/commerce/money';

/**
 * What a console chart draws, as the table it comes with: the table is the accessible source
 * and the chart one of its columns drawn against another.
 *
 * Kinds: 'money' is integer cents, 'count' a whole number; 'day' is a store calendar day
 * ('2026-11-24'), 'week' the Monday that starts one, 'month' '2026-11'; 'text' anything else.
 */
export type ColumnKind = 'text' | 'money' | 'count' | 'day' | 'week' | 'month';

export interface ChartTable {
  columns: { label: string; kind: ColumnKind }[];
  rows: (string | number)[][];
  /** Which column names the bars, and which column they measure. */
  chart: { label: number; value: number };
}

const TIME_KINDS: readonly ColumnKind[] = ['day', 'week', 'month'];

/** A time series is drawn as columns over time; anything else as one labelled bar per row. */
export const isTimeKind = (kind: ColumnKind) => TIME_KINDS.includes(kind);

// The console's date style (formatDateTime in console.ts: 'Nov 24, 2026'). The values are
// already the store's calendar days, so they are read, and written, as UTC.
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function utcDate(value: string): Date | undefined {
  const date = new Date(`${value.length === 7 ? `${value}-01` : value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 'Nov 24, 2026' for '2026-11-24'; text that is no date is returned as it is. */
export function formatDay(value: string): string {
  const date = utcDate(value);
  return date ? longDay.format(date) : value;
}

/** A cell as a person reads it, in the table and in the chart's summary. */
export function formatCell(value: string | number, kind: ColumnKind): string {
  const text = String(value);
  const date = utcDate(text);
  switch (kind) {
    case 'money':
      return formatPrice(Number(value));
    case 'count':
      return Number(value).toLocaleString('en-US');
    case 'day':
      return formatDay(text);
    case 'week':
      return `Week of ${formatDay(text)}`;
    case 'month':
      return date ? longMonth.format(date) : text;
    default:
      return text;
  }
}

/** The short form under a column or beside a tick: 'Nov 24', 'Nov 2026', '$1,500'. */
export function formatAxis(value: string | number, kind: ColumnKind): string {
  const date = typeof value === 'string' ? utcDate(value) : undefined;
  if (kind === 'money') return formatPrice(Number(value), { whole: true });
  if ((kind === 'day' || kind === 'week') && date) return shortDay.format(date);
  if (kind === 'month' && date) return shortMonth.format(date);
  return formatCell(value, kind);
}

/**
 * The chart's text alternative: what it shows, its range, its total and its highest value. The
 * table that comes with it has every figure.
 */
export function chartSummary(title: string, table: ChartTable): string {
  const labelColumn = table.columns[table.chart.label];
  const valueColumn = table.columns[table.chart.value];
  if (!labelColumn || !valueColumn || table.rows.length === 0) return `${title}: nothing to show.`;
  const values = table.rows.map((row) => Number(row[table.chart.value] ?? 0));
  const labels = table.rows.map((row) => formatCell(row[table.chart.label] ?? '', labelColumn.kind));
  const total = values.reduce((sum, v) => sum + v, 0);
  const max = Math.max(...values);
  const highest = values.indexOf(max);
  const amount = (v: number) => formatCell(v, valueColumn.kind);
  const what = `${valueColumn.label.toLowerCase()} by ${labelColumn.label.toLowerCase()}`;
  const span = isTimeKind(labelColumn.kind)
    ? `from ${labels[0]} to ${labels.at(-1)}`
    : `for ${table.rows.length} ${table.rows.length === 1 ? 'row' : 'rows'}`;
  if (total === 0) return `${title}: ${what} ${span}, none in this period.`;
  return `${title}: ${what} ${span}. Total ${amount(total)}; highest ${amount(max)}, ${labels[highest]}.`;
}
