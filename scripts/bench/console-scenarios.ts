import type { Scenario } from './scenarios';

const BROWSER = { 'accept-encoding': 'gzip, br', accept: 'text/html,*/*' };

/**
 * The console's pages over a store with history (scripts/bench/seed-orders.ts): the orders list
 * must answer in under 100 ms with 100,000 orders. Few connections: staff are a handful of people.
 * The orders list's first page is a page rendered per member of staff, held to the same CPU
 * budget as the account page (3 ms a request); the dashboard to 5 ms (issue 36).
 */
export function consoleScenarios(cookie = '', orders = 100_000): Scenario[] {
  const staff = () => ({ ...BROWSER, cookie });
  const size = orders >= 1000 ? `${Math.round(orders / 1000)}k` : String(orders);
  return [
    {
      name: `console: orders list, first page (${size} orders)`,
      path: '/admin/orders',
      headersFor: staff,
      connections: 4,
      budget: { p99: 100, cpuMs: 3 },
    },
    {
      name: `console: orders waiting to ship, page 20 (${size} orders)`,
      path: '/admin/orders?status=to-ship&page=20',
      headersFor: staff,
      connections: 4,
      budget: { p99: 100 },
    },
    {
      name: `console: orders search by name (${size} orders)`,
      path: '/admin/orders?q=maria%20garcia',
      headersFor: staff,
      connections: 4,
      budget: { p99: 100 },
    },
    {
      name: `console: orders search by a whole email (${size} orders)`,
      path: '/admin/orders?q=maria.garcia.99990%40example.com',
      headersFor: staff,
      connections: 4,
      budget: { p99: 100 },
    },
    {
      name: `console: orders search, a name no order has (${size} orders, worst case)`,
      path: '/admin/orders?q=zebediah',
      headersFor: staff,
      connections: 4,
    },
    {
      name: `console: dashboard (${size} orders)`,
      path: '/admin',
      headersFor: staff,
      connections: 4,
      // Issue 36: at most 5 ms at 1,000,000 orders, its sales read from the daily figures.
      budget: { cpuMs: 5 },
    },
  ];
}
