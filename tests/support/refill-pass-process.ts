// A refill scheduler pass in a process of its own, for the crash tests (docs/decisions/0065):
// `node --import tsx tests/support/refill-pass-process.ts YYYY-MM-DD before|after` runs one pass
// as of that store date against DATABASE_URL, and stops dead at its first charge, before the
// processor is asked or right after it answered, printing HALTED: the test then kills it.
import { runRefillPass } from '../../app/commerce/refills/refill-cycles.server';
import { storeNoon } from '../../app/commerce/refills/refill-dates';
import { refillRunOf } from '../../app/commerce/refills/refill-jobs.server';
import { refillPricing } from '../../app/features/checkout/refill-pricing.server';
import { authMails, openFeatures } from '../../server/app';
import { parseEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { createServices } from '../../server/services';

const [date = '', halt = 'after'] = process.argv.slice(2);
const env = parseEnv();
const services = await createServices(env, {
  authMails,
  logger: createLogger({ level: 'silent', pretty: false }),
});
await openFeatures(services);
const vault = services.payments.vault!;
const charge = vault.chargeSavedCard.bind(vault);
const forever = () => new Promise<never>(() => undefined);
(vault as { chargeSavedCard: typeof charge }).chargeSavedCard = async (request) => {
  if (halt === 'before') {
    console.log(`HALTED before ${request.idempotencyKey}`);
    return forever();
  }
  await charge(request);
  console.log(`HALTED after ${request.idempotencyKey}`);
  return forever();
};
await runRefillPass(refillRunOf(services, refillPricing(services), storeNoon(date)));
console.log('NOT HALTED');
await services.close();
