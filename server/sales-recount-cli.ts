// `npm run sales:recount`: the console dashboard's daily figures rebuilt from the orders
// (docs/decisions/0066), after orders were changed behind the app's back (a hand edit, the orders
// restored without the rest, an import) or any doubt. A whole database restored needs none.
// One transaction: the dashboard reads the old figures until it commits.
import { recountDailySales } from '../app/commerce/orders/daily-sales.server';
import { runCommand } from './cli/command';
import { withDatabase } from './db/database-command';

await runCommand({
  name: 'sales:recount',
  summary:
    "Rebuilds the dashboard's daily sales figures from the orders (one transaction; payments wait for it " +
    'on PostgreSQL, and SQLite takes one writer at a time). Prints the days and orders counted.',
  run: async ({ progress }) => {
    progress.step('recounting the paid orders by day ...');
    const { days, orders } = await withDatabase((database) => recountDailySales(database.db));
    return `Daily sales recounted: ${orders} paid orders on ${days} days.`;
  },
});
