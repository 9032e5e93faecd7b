// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { chartSummary, type ChartTable, formatAxis, formatCell } from './chart-table';
import { ConsoleChart } from './console-chart';

/** Thirty days to Nov 24, 2026: $0 on most, $1,234.56 on Nov 20, $300 on the last. */
function revenueByDay(): ChartTable {
  const rows: (string | number)[][] = [];
  for (let i = 0; i < 30; i++) {
    const day = new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10);
    rows.push([day, i === 25 ? 3 : i === 29 ? 1 : 0, i === 25 ? 123_456 : i === 29 ? 30_000 : 0]);
  }
  return {
    columns: [
      { label: 'Day', kind: 'day' },
      { label: 'Orders', kind: 'count' },
      { label: 'Revenue', kind: 'money' },
    ],
    rows,
    chart: { label: 0, value: 2 },
  };
}

const promoCodes: ChartTable = {
  columns: [
    { label: 'Promo code', kind: 'text' },
    { label: 'Orders', kind: 'count' },
  ],
  rows: [
    ['WELCOME10', 7],
    ['SPRING-SALE-FOR-EVERY-MOBILITY-AID-IN-THE-STORE', 2],
  ],
  chart: { label: 0, value: 1 },
};

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent);

describe('ConsoleChart', () => {
  afterEach(cleanup);

  it('draws columns over time with a value axis in whole dollars and dates under the axis', () => {
    const { container } = render(<ConsoleChart title="Revenue by day" table={revenueByDay()} />);
    const svg = screen.getByRole('img');
    // Ticks of $500 up to the first one above the highest day, on gridlines.
    expect(texts(svg, 'text.tick')).toEqual(['$0', '$500', '$1,000', '$1,500']);
    expect(svg.querySelectorAll('line.grid')).toHaveLength(4);
    expect(svg.querySelectorAll('line.axis').length).toBeGreaterThan(1);
    // A column for each day with revenue, none for the days without; each names its day and value.
    expect(texts(svg, 'rect.bar title')).toEqual(['Nov 20, 2026: $1,234.56', 'Nov 24, 2026: $300.00']);
    // Dates in the console's style, the latest day always named; the highest value written out.
    const all = texts(svg, 'text');
    expect(all).toContain('Nov 24');
    expect(all).toContain('$1,234.56');
    expect(all).toContain('Revenue by day');
    // Labels for a wide chart only are marked so; a narrow chart keeps the others.
    expect(texts(svg, 'g.wide text').length).toBeGreaterThan(0);
    expect(container.querySelector('g.wide text')?.textContent).not.toBe('Nov 24');
    // Heights grow with the value: the $1,234.56 column is about four times the $300 one.
    const [high, low] = [...svg.querySelectorAll('rect.bar')].map((r) =>
      parseFloat(r.getAttribute('height')!),
    );
    expect(high! / low!).toBeCloseTo(123_456 / 30_000, 1);
  });

  it('gives the picture a text alternative that summarises it, and the table every figure', () => {
    render(<ConsoleChart title="Revenue by day" table={revenueByDay()} />);
    const svg = screen.getByRole('img');
    expect(svg).toHaveProperty('tagName', 'svg');
    expect(svg.getAttribute('aria-label')).toBe(
      'Revenue by day: revenue by day from Oct 26, 2026 to Nov 24, 2026. Total $1,534.56; highest $1,234.56, Nov 20, 2026.',
    );
    const table = screen.getByRole('table', { name: 'Revenue by day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const nov20 = within(table).getByRole('rowheader', { name: 'Nov 20, 2026' }).closest('tr')!;
    expect(texts(nov20, 'td')).toEqual(['3', '$1,234.56']);
  });

  it('folds the table into a disclosure when asked, still in the page', () => {
    render(<ConsoleChart title="Revenue by day" table={revenueByDay()} folded />);
    expect(screen.getByText('Revenue by day as a table').tagName).toBe('SUMMARY');
    expect(screen.getByRole('table', { hidden: true })).toBeTruthy();
  });

  it('draws one bar a row for names, value and name above each bar, counts on the axis', () => {
    render(<ConsoleChart title="Promo codes" table={promoCodes} />);
    const svg = screen.getByRole('img');
    expect(texts(svg, 'text.tick')).toEqual(['0', '2', '4', '6', '8']);
    expect(svg.querySelectorAll('rect.bar')).toHaveLength(2);
    const labels = texts(svg, 'text:not(.tick)');
    expect(labels).toContain('7 WELCOME10');
    // A long name is shortened in the picture, more on a narrow chart; the table has it whole.
    const long = [...svg.querySelectorAll('text')].find((t) => t.textContent?.startsWith('2 SPRING'))!;
    const seen = (hidden: string) =>
      [...long.childNodes]
        .filter((node) => !(node instanceof Element && node.classList.contains(hidden)))
        .map((node) => node.textContent)
        .join('');
    expect(seen('wide')).toBe('2 SPRING-SALE-FOR-EVE…');
    expect(seen('narrow')).toBe('2 SPRING-SALE-FOR-EVERY-MOBILITY-AID-IN-T…');
    expect(screen.getByRole('rowheader', { name: promoCodes.rows[1]![0] as string })).toBeTruthy();
    const widths = [...svg.querySelectorAll('rect.bar')].map((r) => r.getAttribute('width'));
    expect(widths).toEqual(['87.5%', '25%']);
  });

  it('says when there is nothing to draw, and draws no picture for an empty table', () => {
    const empty = { ...promoCodes, rows: [] };
    render(<ConsoleChart title="Promo codes" table={empty} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Nothing in this period.')).toBeTruthy();
    const quiet = revenueByDay();
    quiet.rows = quiet.rows.map((row) => [row[0]!, 0, 0]);
    expect(chartSummary('Revenue by day', quiet)).toBe(
      'Revenue by day: revenue by day from Oct 26, 2026 to Nov 24, 2026, none in this period.',
    );
    // All zero: the axes and a one-dollar scale, no column.
    const markup = renderToStaticMarkup(<ConsoleChart title="Revenue by day" table={quiet} />);
    expect(markup).not.toContain('class="bar"');
    expect(markup).toContain('$1</text>');
  });

  it('uses no colour to carry meaning and no script: classes for the theme, text for the values', () => {
    const markup = renderToStaticMarkup(<ConsoleChart title="Revenue by day" table={revenueByDay()} />);
    expect(markup).not.toMatch(/fill="#|stroke="#|<script|viewBox/);
    // The one inline style is the gutter for the tick labels, as wide as the longest ($1,500).
    expect(markup.match(/style="[^"]*"/g)).toEqual(['style="padding-left:4.3em"']);
  });
});

describe('chart cells', () => {
  it('formats periods in the console style and money with the one formatter', () => {
    expect(formatCell('2026-11-23', 'week')).toBe('Week of Nov 23, 2026');
    expect(formatCell('2026-11', 'month')).toBe('November 2026');
    expect(formatAxis('2026-11', 'month')).toBe('Nov 2026');
    expect(formatCell(123_450, 'money')).toBe('$1,234.50');
    expect(formatAxis(150_000, 'money')).toBe('$1,500');
    expect(formatCell(12_345, 'count')).toBe('12,345');
    expect(formatCell('not a day', 'day')).toBe('not a day');
  });
});
