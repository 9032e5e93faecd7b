import { axisLabels, em, niceTicks, pct } from './chart-scale';
import {
  type ChartTable,
  chartSummary,
  type ColumnKind,
  formatAxis,
  formatCell,
  isTimeKind,
} from './chart-table';

/*
 * The console's one chart: SVG drawn on the server (no script, no chart library), with its
 * table, the accessible source. Across, positions are percentages of the chart's width, so it
 * fills any container; down, they are em of its text, so text and bars grow together with the
 * store's text size and the browser's zoom, and text is never squeezed (no viewBox). Colours
 * are the theme's variables (.chart in app.css); meaning is in positions and words, not hue.
 */

type Anchor = 'start' | 'middle' | 'end';

interface Series {
  labels: string[];
  values: number[];
  labelKind: ColumnKind;
  valueKind: ColumnKind;
  axisTitle: string;
}

function seriesOf(table: ChartTable): Series {
  const label = table.columns[table.chart.label];
  const value = table.columns[table.chart.value];
  return {
    labels: table.rows.map((row) => String(row[table.chart.label] ?? '')),
    // Drawn from zero up: a negative figure (none today) would show as an empty bar.
    values: table.rows.map((row) => Math.max(0, Number(row[table.chart.value]) || 0)),
    labelKind: label?.kind ?? 'text',
    valueKind: value?.kind ?? 'count',
    axisTitle: `${value?.label ?? ''} by ${(label?.label ?? '').toLowerCase()}`,
  };
}

const ticksFor = (s: Series) =>
  niceTicks(Math.max(0, ...s.values), { minStep: s.valueKind === 'money' ? 100 : 1 });

/** Columns over time: value ticks as gridlines, a date under every k-th column. */
function ColumnsChart({ series, summary }: { series: Series; summary: string }) {
  const { labels, values, labelKind, valueKind } = series;
  const ticks = ticksFor(series);
  const n = values.length;
  const [top, base] = [3.2, 13];
  const yOf = (v: number) => base - (v / ticks.top) * (base - top);
  const max = Math.max(0, ...values);
  const highest = values.indexOf(max);
  // The tick labels sit in a gutter left of the plot, as wide as the longest of them: the
  // svg's padding (its percentages are of the box inside it), drawn into by overflow-visible.
  const tickLabels = ticks.values.map((t) => formatAxis(t, valueKind));
  const gutter = Math.max(...tickLabels.map((t) => t.length)) * 0.6 + 0.7;
  const pad = n <= 60 ? 0.15 : 0;
  const short = labels.map((label) => formatAxis(label, labelKind));
  const centre = (i: number) => (i + 0.5) / n;
  // A label near an edge is anchored to it rather than centred, so it is never cut off.
  const placed = (i: number): { x: string; anchor: Anchor } =>
    centre(i) < 0.08
      ? { x: pct(i / n), anchor: 'start' }
      : centre(i) > 0.92
        ? { x: pct((i + 1) / n), anchor: 'end' }
        : { x: pct(centre(i)), anchor: 'middle' };
  return (
    <svg
      className="chart w-full overflow-visible text-sm"
      style={{ paddingLeft: em(gutter) }}
      height={em(base + 2.4)}
      role="img"
      aria-label={summary}
    >
      <text x={em(-gutter)} y="1em" className="font-bold">
        {series.axisTitle}
      </text>
      {ticks.values.map((t, i) => (
        <g key={t}>
          <line className="grid" x1="0" x2="100%" y1={em(yOf(t))} y2={em(yOf(t))} />
          <text className="tick" x="-0.5em" y={em(yOf(t))} dy="0.35em" textAnchor="end">
            {tickLabels[i]}
          </text>
        </g>
      ))}
      {values.map((v, i) =>
        v > 0 ? (
          <rect
            key={i}
            className="bar"
            x={pct((i + pad) / n)}
            y={em(Math.min(yOf(v), base - 0.15))}
            width={pct((1 - 2 * pad) / n)}
            height={em(Math.max(base - yOf(v), 0.15))}
          >
            {n <= 62 ? (
              <title>{`${formatCell(labels[i] ?? '', labelKind)}: ${formatCell(v, valueKind)}`}</title>
            ) : null}
          </rect>
        ) : null,
      )}
      <line className="axis" x1="0" x2="100%" y1={em(base)} y2={em(base)} />
      {axisLabels(n, Math.max(...short.map((s) => s.length))).map(({ index, narrow }) => (
        <g key={index} className={narrow ? undefined : 'wide'}>
          <line
            className="axis"
            x1={pct(centre(index))}
            x2={pct(centre(index))}
            y1={em(base)}
            y2={em(base + 0.3)}
          />
          <text x={placed(index).x} y={em(base + 1.45)} textAnchor={placed(index).anchor}>
            {short[index]}
          </text>
        </g>
      ))}
      {max > 0 ? (
        <text
          className="font-bold"
          x={placed(highest).x}
          y={em(yOf(max) - 0.45)}
          textAnchor={placed(highest).anchor}
        >
          {formatCell(max, valueKind)}
        </text>
      ) : null}
    </svg>
  );
}

const ROW = 2.6;
/** A name in the picture: this many characters on a narrow chart, that many on a wide one. */
const NAME_CHARS = { narrow: 20, wide: 40 };

/**
 * A long name cut to fit (the table has it whole): what a narrow chart shows, then the rest a
 * wide one adds (hidden by the container query), and an ellipsis for each width that cuts it.
 */
function Name({ text }: { text: string }) {
  const cut = (n: number) => text.slice(0, n - 1).trimEnd();
  if (text.length <= NAME_CHARS.narrow) return text;
  const head = cut(NAME_CHARS.narrow);
  const wide = text.length <= NAME_CHARS.wide ? text : `${cut(NAME_CHARS.wide)}…`;
  return (
    <>
      {head}
      <tspan className="wide">{wide.slice(head.length)}</tspan>
      <tspan className="narrow">…</tspan>
    </>
  );
}

/** One bar a row (products, codes): value and name above each bar, value ticks below. */
function BarsChart({ series, summary }: { series: Series; summary: string }) {
  const { labels, values, labelKind, valueKind } = series;
  const ticks = ticksFor(series);
  const bottom = values.length * ROW;
  return (
    <svg className="chart w-full text-sm" height={em(bottom + 3.6)} role="img" aria-label={summary}>
      {ticks.values.map((t, i) => (
        <g key={t}>
          <line
            className="grid"
            x1={pct(t / ticks.top)}
            x2={pct(t / ticks.top)}
            y1="0"
            y2={em(bottom + 0.3)}
          />
          <text
            className="tick"
            x={pct(t / ticks.top)}
            y={em(bottom + 1.5)}
            textAnchor={i === 0 ? 'start' : i === ticks.values.length - 1 ? 'end' : 'middle'}
          >
            {formatAxis(t, valueKind)}
          </text>
        </g>
      ))}
      {values.map((v, i) => (
        <g key={i}>
          <text x="0" y={em(i * ROW + 1.1)}>
            <tspan className="font-bold">{formatCell(v, valueKind)}</tspan>{' '}
            <Name text={formatCell(labels[i] ?? '', labelKind)} />
          </text>
          {v > 0 ? (
            <rect
              className="bar"
              x="0"
              y={em(i * ROW + 1.45)}
              width={pct(Math.max(v / ticks.top, 0.005))}
              height="0.85em"
            />
          ) : null}
        </g>
      ))}
      <line className="axis" x1="0" x2="0" y1="0" y2={em(bottom + 0.3)} />
      <text x="0" y={em(bottom + 3)} className="font-bold">
        {series.axisTitle}
      </text>
    </svg>
  );
}

const isFigure = (kind: ColumnKind) => kind === 'money' || kind === 'count';

function DataTable({ title, table }: { title: string; table: ChartTable }) {
  return (
    <div
      role="region"
      aria-label={`${title}, table`}
      // A region that scrolls (a wide table on a phone) must be reachable by keyboard (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full min-w-[24rem] text-left">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b-2 border-border">
            {table.columns.map((column, i) => (
              <th
                key={i}
                scope="col"
                className={`py-2 pr-4 ${i > 0 && isFigure(column.kind) ? 'text-right' : ''}`}
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
                  const text = formatCell(cell, table.columns[i]?.kind ?? 'text');
                  return i === 0 ? (
                    <th key={i} scope="row" className="py-2 pr-4 font-normal break-words">
                      {text}
                    </th>
                  ) : (
                    <td key={i} className="py-2 pr-4 text-right">
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart of one column of `table` against another, and the table itself: below it, or folded
 * into a disclosure under it (`folded`, for a page read at a glance such as the dashboard).
 */
export function ConsoleChart({
  title,
  table,
  folded = false,
}: {
  title: string;
  table: ChartTable;
  folded?: boolean;
}) {
  const series = seriesOf(table);
  const summary = chartSummary(title, table);
  const chart =
    table.rows.length === 0 ? null : isTimeKind(series.labelKind) ? (
      <ColumnsChart series={series} summary={summary} />
    ) : (
      <BarsChart series={series} summary={summary} />
    );
  return (
    <div className="chart-box space-y-4">
      {chart}
      {folded ? (
        <details>
          <summary className="cursor-pointer font-bold">{title} as a table</summary>
          <DataTable title={title} table={table} />
        </details>
      ) : (
        <DataTable title={title} table={table} />
      )}
    </div>
  );
}
