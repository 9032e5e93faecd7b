import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { ensureBuild } from './ensure-build';
import { DEFAULT_CONNECTIONS, describe, drive, type ScenarioResult } from './bench/drive';
import { CACHED_HOME, type Scenario, scenarios } from './bench/scenarios';
import { ensureWrk, generatorCeiling } from './bench/wrk';
import { PayPool } from './bench/pay-pool';
import { startBenchServer } from './bench/server-process';
import { seedOrders } from './bench/seed-orders';
import { createShoppers } from './bench/shoppers';
import { placeShopperOrders } from './bench/shopper-orders';
import { consoleScenarios } from './bench/console-scenarios';
import { writeReport } from './bench/report';
import { organisationCheckoutScenarios } from './bench/organisation-scenarios';
import { describeMoves, scrapeMetrics } from './bench/metrics-scrape';

// `npm run bench`: the production server on loopback with a fresh database, driven by wrk
// (scripts/bench/wrk.ts), scenario by scenario, after measuring wrk's own ceiling; every rate is
// also given as a share of the cached home page's in the same run. SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set.
// BENCH_DURATION (seconds per scenario, default 10) and BENCH_ONLY (a part of scenario names, or
// several separated by `|`: checkout needs the carts that add to cart fills) shorten a run while
// working on one path; BENCH_PROFILE=<folder> writes the server's CPU profile.
ensureBuild();
ensureWrk();
const duration = Number(process.env.BENCH_DURATION ?? 10);
const only = process.env.BENCH_ONLY?.toLowerCase().split('|');
const chosen = (name: string) => !only || only.some((part) => name.toLowerCase().includes(part));
const engines = [undefined, process.env.BENCH_DATABASE_URL].filter((u, i) => i === 0 || u);

const ceiling = await generatorCeiling(Math.min(duration, 5));
console.log(
  `load generator ceiling (wrk on core 0 against an empty 204 on core 1, ${DEFAULT_CONNECTIONS} connections): ${ceiling} req/s`,
);

const runs: { engine: string; pinning: string; ceiling: number; results: ScenarioResult[] }[] = [];
for (const postgresUrl of engines) {
  const server = await startBenchServer(postgresUrl);
  try {
    console.log(`\n${server.engine}: ${server.url}, ${server.pinning}`);
    const metricsBefore = await scrapeMetrics(server.url);
    // One shopper per connection: each connection is a session of its own.
    const shoppers = await createShoppers(server.url, DEFAULT_CONNECTIONS, 'cart');
    // Three paid orders each: the account page shows an order history, and every shopper has
    // an order page of their own.
    const orderReferences = await placeShopperOrders(shoppers, 3);
    // Each address may try a password 5 times a minute: enough accounts for a run of sign-ins.
    const signIn = await createShoppers(server.url, 150, 'sign-in');
    const results: ScenarioResult[] = [];
    const reference: { baseline?: number; ceiling: number } = { ceiling };
    const record = (result: ScenarioResult) => {
      results.push(result);
      if (result.name === CACHED_HOME) reference.baseline = result.requestsPerSecond;
      console.log(describe(result));
    };
    const origin = new URL(server.url).origin;
    for (const scenario of scenarios(
      server.engine,
      origin,
      shoppers,
      signIn.map((s) => s.email),
      orderReferences,
    )) {
      if (!chosen(scenario.name) && scenario.name !== CACHED_HOME) continue;
      const result = await drive(server, scenario, duration, reference);
      record(result);
      if (scenario.name.startsWith('checkout session creation') && chosen('pay')) {
        record(await drive(server, await payScenario(server, origin, result), duration, reference));
      }
    }
    // An organisation's buyer checking out beside a consumer with the same cart (issue 34).
    const paired = [
      'checkout session creation, consumer (paired)',
      'checkout session creation, organisation buyer',
    ];
    if (paired.some(chosen)) {
      const pair: ScenarioResult[] = [];
      for (const scenario of await organisationCheckoutScenarios(server.url, server.databaseUrl, origin)) {
        const result = await drive(server, scenario, duration, reference);
        pair.push(result);
        record(result);
      }
      const [consumer, buyer] = pair;
      if (consumer && buyer && consumer.serverCpuMsPerRequest > 0) {
        const ratio = buyer.serverCpuMsPerRequest / consumer.serverCpuMsPerRequest;
        console.log(
          `organisation buyer / consumer checkout, server CPU per request: ${ratio.toFixed(2)} (budget 1.10)${ratio <= 1.1 ? '  met' : '  OVER'}`,
        );
      }
    }
    // The console at the size of a store with history: 100,000 orders (BENCH_ORDERS).
    const consoleRuns = consoleScenarios();
    if (consoleRuns.some((s) => chosen(s.name))) {
      const [staff] = await createShoppers(server.url, 1, 'staff');
      if (!staff) throw new Error('the staff account for the console scenarios was not made');
      const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
      const seeding = Date.now();
      await seedOrders(server.databaseUrl, orders, staff.email);
      console.log(`seeded ${orders} orders in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
      for (const scenario of consoleScenarios(staff.cookie, orders)) {
        if (!chosen(scenario.name)) continue;
        record(await drive(server, scenario, duration, reference));
      }
    }
    console.log(describeMoves(metricsBefore, await scrapeMetrics(server.url)));
    runs.push({ engine: server.engine, pinning: server.pinning, ceiling, results });
  } finally {
    await server.stop();
  }
}

const machine = {
  date: new Date().toISOString(),
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown CPU',
  node: process.version,
  loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  durationSeconds: duration,
  loadGenerator: 'wrk',
  generatorCeiling: ceiling,
};
mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.json', `${JSON.stringify({ machine, runs }, null, 2)}\n`);
if (!only) await writeReport(machine, runs);
console.log('\nWritten bench/results.json' + (only ? '' : ' and docs/performance.md'));

/**
 * Paying with the test gateway: each request pays another guest order, made beforehand (about
 * one and a half times what the checkout scenario's rate would pay in the warm-up and the run).
 */
async function payScenario(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  origin: string,
  checkout: ScenarioResult,
): Promise<Scenario> {
  await PayPool.stockUp(server.databaseUrl);
  const pool = new PayPool(server.url, origin);
  const perSecond = Math.max(300, checkout.requestsPerSecond) * 1.5;
  const making = Date.now();
  await pool.fill(Math.min(60_000, Math.ceil(perSecond * (duration + 2))));
  console.log(`made ${pool.left} guest orders to pay in ${((Date.now() - making) / 1000).toFixed(1)} s`);
  return {
    name: 'pay with the test gateway (a guest order each)',
    method: 'POST',
    path: '/api/checkout/:orderId/pay',
    requestsFor: (_connection, seconds) => pool.take(Math.ceil((perSecond * seconds) / DEFAULT_CONNECTIONS)),
    budget: { ratio: checkout.budget?.ratio ?? 0.4 },
  };
}
