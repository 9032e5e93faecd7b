import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FULFILMENTS, ORDER_STATUSES } from '~/commerce/order-states';

/**
 * The order state table (app/commerce/order-states.ts and its moves, order-moves.ts) is the only
 * place an order state is spelled out; everything else says `STATUS.paid`, `fromStatuses('ship')`, … (ADR 0041). This
 * test reads every source file of app/ and server/ (not tests, not the migrations, which keep
 * the words they were written with) and names each file and line that spells one out.
 *
 * Other tables have statuses too, some with the same words (reviews and campaign recipients:
 * 'pending'; jobs and refunds: 'failed', 'cancelled'; the payment gateway: 'refunded'). So:
 * - a word only orders use ('authorized', 'paid', 'unfulfilled', 'packed', 'shipped',
 *   'delivered') is an order state wherever it is quoted in code (comments aside);
 * - a shared word ('pending', 'failed', 'cancelled', 'refunded') is an order state when, in a
 *   file that deals with orders (it names the orders table, `OrderRow`, `OrderView`,
 *   `OrderStatus` or `Fulfilment`), it stands in a `status`/`fulfilment` position: a key or
 *   column compared, assigned or filtered (`status: 'x'`, `order.status === 'x'`,
 *   `.where('status', 'in', ['x'])`, `status = 'x'` in SQL) or a `case 'x':`, and neither the
 *   property's owner is another vocabulary's (`review.status`, `refund.status`, …) nor the query
 *   the line belongs to reads another table (`.updateTable('refunds')` above it).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The table: its states and labels, and its moves. */
const TABLE_FILES = ['app/commerce/order-states.ts', 'app/commerce/order-moves.ts'];

const ORDER_ONLY = ['authorized', 'paid', 'invoiced', 'unfulfilled', 'packed', 'shipped', 'delivered'];
const SHARED = ['pending', 'failed', 'cancelled', 'refunded'];
/** Owners of a `.status` that is not an order's. */
const OTHER_OWNERS =
  /^(review|reviews|refund|settled|outcome|answer|result|attempt|job|recipient|campaign|message|prescription|decision)$/;
const DEALS_WITH_ORDERS = /'orders'|\bOrderRow\b|\bOrderView\b|\bOrderStatus\b|\bFulfilment\b/;
const QUERY_TABLE = /\.(?:selectFrom|updateTable|insertInto|deleteFrom)\('(\w+)'/;

export interface Finding {
  line: number;
  word: string;
  text: string;
}

/** The code of a line, without its comment (good enough for our style: no `//` inside strings here). */
function codeOf(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return '';
  const comment = line.search(/\s\/\/\s|\s\/\*/);
  return comment === -1 ? line : line.slice(0, comment);
}

/** The table of the query a line belongs to: the nearest builder call above, within the statement. */
function queryTable(lines: string[], index: number): string | undefined {
  for (let i = index; i >= Math.max(0, index - 15); i -= 1) {
    const code = codeOf(lines[i] ?? '');
    if (i < index && code.trimEnd().endsWith(';')) return undefined;
    const match = QUERY_TABLE.exec(code);
    if (match) return match[1];
  }
  return undefined;
}

function inStatePosition(code: string, word: string): boolean {
  const quoted = `['"]${word}['"]`;
  if (new RegExp(`\\bcase ${quoted}\\s*:`).test(code)) return true;
  // .where('status', '=', 'x') / .where('orders.status', 'in', ['x', …]) / eb('fulfilment', …)
  if (
    new RegExp(
      `['"](?:orders\\.)?(?:status|fulfilment)['"],\\s*['"][^'"]+['"],\\s*\\[?[^\\]]*${quoted}`,
    ).test(code)
  ) {
    return true;
  }
  // status: 'x', order.status === 'x', row?.status !== 'x', status = 'x' (SQL), fulfilment in ('x')
  const position = new RegExp(
    `(?:(\\w+)\\??\\.)?\\b(?:status|fulfilment)\\b['"]?\\s*(?::|===|!==|==|!=|<>|=|\\s(?:not\\s+)?in\\s*\\()\\s*[^,;]*?${quoted}`,
    'g',
  );
  for (const match of code.matchAll(position)) {
    const owner = match[1];
    if (!owner || !OTHER_OWNERS.test(owner)) return true;
  }
  return false;
}

/** Every order state spelled out in a file's text. */
export function findOrderStateLiterals(source: string): Finding[] {
  const lines = source.split('\n');
  const aboutOrders = DEALS_WITH_ORDERS.test(source);
  const findings: Finding[] = [];
  lines.forEach((line, index) => {
    const code = codeOf(line);
    for (const word of ORDER_ONLY) {
      if (new RegExp(`['"\`]${word}['"\`]`).test(code))
        findings.push({ line: index + 1, word, text: line.trim() });
    }
    if (!aboutOrders) return;
    for (const word of SHARED) {
      if (!new RegExp(`['"]${word}['"]`).test(code) || !inStatePosition(code, word)) continue;
      const table = queryTable(lines, index);
      if (table && table !== 'orders' && !code.includes('orders.')) continue;
      findings.push({ line: index + 1, word, text: line.trim() });
    }
  });
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return relative === 'server/db/migrations' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('order states are named only in the state table', () => {
  it('the rule covers every state of the table', () => {
    expect([...ORDER_ONLY, ...SHARED].sort()).toEqual([...ORDER_STATUSES, ...FULFILMENTS].sort());
  });

  it('finds a state spelled out in each order-state position', () => {
    const planted = [
      "import type { OrderRow } from './orders.server';",
      "if (order.status === 'paid') ship();",
      "await db.updateTable('orders').set({ status: 'cancelled' }).execute();",
      "  .where('status', 'in', ['pending', 'failed'])",
      "const TO_SHIP = sql`status = 'paid' and fulfilment in ('unfulfilled', 'packed')`;",
      "  case 'refunded':",
      "const shipped = row.fulfilment !== 'delivered';",
    ].join('\n');
    expect(findOrderStateLiterals(planted).map((f) => `${f.line}:${f.word}`)).toEqual([
      '2:paid',
      '3:cancelled',
      '4:pending',
      '4:failed',
      '5:paid',
      '5:unfulfilled',
      '5:packed',
      '6:refunded',
      '7:delivered',
    ]);
  });

  it("leaves other tables' statuses and comments alone", () => {
    const others = [
      "import type { OrderRow } from './orders.server';",
      "if (review.status === 'pending') wait();",
      "if (refund.status === 'failed') retry();",
      "await trx.updateTable('refunds')",
      "  .set({ status: 'failed', message })",
      '  .execute();',
      "const state: JobState = 'cancelled';",
      "// An order that is 'paid' ships.",
      "/** 'delivered': the parcel arrived. */",
    ].join('\n');
    expect(findOrderStateLiterals(others)).toEqual([]);
  });

  it('no source file of app/ or server/ spells out an order state', () => {
    const found = [...sourceFiles('app'), ...sourceFiles('server')]
      .filter((file) => !TABLE_FILES.includes(file))
      .flatMap((file) =>
        findOrderStateLiterals(readFileSync(path.join(ROOT, file), 'utf8')).map(
          (f) => `${file}:${f.line} '${f.word}': ${f.text}`,
        ),
      );
    expect(found).toEqual([]);
  });
});
