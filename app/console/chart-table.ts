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

const counts = new Intl.NumberFormat('en-US');

// A chart's days come back on every render of its page (the dashboard's 30, each written in
// the title, the axis, the table and the summary): each parsed and formatted once, not per
// request. Keyed by the formatter and the text; cleared whole past a size no console page nears.
const datesWritten = new Map<Intl.DateTimeFormat, Map<string, string>>();
function writeDate(format: Intl.DateTimeFormat, value: string): string | undefined {
  let written = datesWritten.get(format);
  if (!written) datesWritten.set(format, (written = new Map()));
  let text = written.get(value);
  if (text === undefined) {
    const date = utcDate(value);
    if (!date) return undefined;
    if (written.size >= 5_000) written.clear();
    text = format.format(date);
    written.set(value, text);
  }
  return text;
}

function utcDate(value: string): Date | undefined {
  const date = new Date(`${value.length === 7 ? `${value}-01` : value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 'Nov 24, 2026' for '2026-11-24'; text that is no date is returned as it is. */
export function formatDay(value: string): string {
  return writeDate(longDay, value) ?? value;
}

/** A cell as a person reads it, in the table and in the chart's summary. */
export function formatCell(value: string | number, kind: ColumnKind): string {
  const text = String(value);
  switch (kind) {
    case 'money':
      return formatPrice(Number(value));
    case 'count':
      return counts.format(Number(value));
    case 'day':
      return formatDay(text);
    case 'week':
      return `Week of ${formatDay(text)}`;
    case 'month':
      return writeDate(longMonth, text) ?? text;
    default:
      return text;
  }
}

/** The short form under a column or beside a tick: 'Nov 24', 'Nov 2026', '$1,500'. */
export function formatAxis(value: string | number, kind: ColumnKind): string {
  if (kind === 'money') return formatPrice(Number(value), { whole: true });
  const text = typeof value === 'string' ? value : undefined;
  const short = kind === 'day' || kind === 'week' ? shortDay : kind === 'month' ? shortMonth : undefined;
  return (short && text !== undefined ? writeDate(short, text) : undefined) ?? formatCell(value, kind);
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
