// `npm run refills:run -- [--date YYYY-MM-DD]`: one pass of the refill scheduler now, as the
// hourly job runs it (docs/decisions/0065). --date runs it as of that store date: the test
// clock the end-to-end tests drive, refused unless PAYMENT_PROVIDER=test. A composition root
// (eslint.config.js): it hands the scheduler the checkout's pricing, as server/app.ts does.
import { refillRunOf } from '../app/commerce/refills/refill-jobs.server';
import { runRefillPass } from '../app/commerce/refills/refill-cycles.server';
import { isCalendarDate, storeNoon } from '../app/commerce/refills/refill-dates';
import { refillPricing } from '../app/features/checkout/refill-pricing.server';
import { storeDate } from '../app/lib/store-time';
import { authMails, openFeatures } from './app';
import { runCommand, UsageError } from './cli/command';
import { parseEnv } from './env';
import { createLogger } from './logger';
import { createServices } from './services';

await runCommand({
  name: 'refills:run',
  summary:
    'Runs one pass of the refill scheduler now: the reminders, price and prescription notices, and ' +
    'the cycles due placed and charged (each exactly once, whatever else runs at the same time).',
  options: {
    date: {
      type: 'string',
      valueName: 'YYYY-MM-DD',
      description: 'run as of this store date (a test clock: only with PAYMENT_PROVIDER=test)',
    },
  },
  run: async ({ options }) => {
    const env = parseEnv();
    let now = Date.now();
    if (options.date !== undefined) {
      if (env.PAYMENT_PROVIDER !== 'test') {
        throw new UsageError('--date is a test clock: it is refused unless PAYMENT_PROVIDER=test');
      }
      if (!isCalendarDate(options.date))
        throw new UsageError(`--date ${options.date} is not a date (YYYY-MM-DD)`);
      now = storeNoon(options.date);
    }
    // Log lines on standard error: standard output is the command's answer.
    const logger = createLogger({ level: env.LOG_LEVEL, pretty: false, destination: process.stderr });
    const services = await createServices(env, { authMails, logger });
    try {
      await openFeatures(services);
      const summary = await runRefillPass(refillRunOf(services, refillPricing(services), now));
      const counts = Object.entries(summary).map(([name, value]) => `${name} ${value}`);
      return `Refill pass as of ${storeDate(now)}: ${counts.join(', ')}.`;
    } finally {
      await services.close();
    }
  },
});
