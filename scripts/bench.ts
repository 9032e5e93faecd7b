import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { ensureBuild } from './ensure-build';
import { drive, type ScenarioResult } from './bench/drive';
import { scenarios } from './bench/scenarios';
import { startBenchServer } from './bench/server-process';
import { seedOrders } from './bench/seed-orders';
import { createShoppers } from './bench/shoppers';
import { placeShopperOrders } from './bench/shopper-orders';
import { consoleScenarios } from './bench/console-scenarios';
import { writeReport } from './bench/report';
import { organisationCheckoutScenarios } from './bench/organisation-scenarios';
import { describeMoves, scrapeMetrics } from './bench/metrics-scrape';

// `npm run bench`: the production server on loopback with a fresh database, driven by
// autocannon, scenario by scenario. SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set.
// BENCH_DURATION (seconds per scenario, default 10) and BENCH_ONLY (a part of scenario names, or
// several separated by `|`: checkout needs the carts that add to cart fills) shorten a run while
// working on one path; BENCH_PROFILE=<folder> writes the server's CPU profile.
ensureBuild();
const duration = Number(process.env.BENCH_DURATION ?? 10);
const only = process.env.BENCH_ONLY?.toLowerCase().split('|');
const chosen = (name: string) => !only || only.some((part) => name.toLowerCase().includes(part));
const engines = [undefined, process.env.BENCH_DATABASE_URL].filter((u, i) => i === 0 || u);

const runs: { engine: string; pinning: string; results: ScenarioResult[] }[] = [];
for (const postgresUrl of engines) {
  const server = await startBenchServer(postgresUrl);
  try {
    console.log(`\n${server.engine}: ${server.url}, ${server.pinning}`);
    const metricsBefore = await scrapeMetrics(server.url);
    const shoppers = await createShoppers(server.url, 10, 'cart');
    // Three paid orders each: the account page shows an order history, and every shopper has
    // an order page of their own.
    const orderReferences = await placeShopperOrders(shoppers, 3);
    // Each address may try a password 5 times a minute: enough accounts for a run of sign-ins.
    const signIn = await createShoppers(server.url, 150, 'sign-in');
    const results: ScenarioResult[] = [];
    const origin = new URL(server.url).origin;
    for (const scenario of scenarios(
      server.engine,
      origin,
      shoppers,
      signIn.map((s) => s.email),
      orderReferences,
    )) {
      if (!chosen(scenario.name)) continue;
      const result = await drive(server, scenario, duration);
      results.push(result);
      const loop = result.loopDelay ? `, event-loop delay p99 ${result.loopDelay.p99} ms` : '';
      const verdict = result.met === undefined ? '' : result.met ? '  met' : '  OVER';
      console.log(
        `${result.name.padEnd(56)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  errors ${result.errors}  non-2xx ${result.non2xx}  server CPU ${result.serverCpuPercent} % (${result.serverCpuMsPerRequest} ms a request)${loop}${verdict}`,
      );
    }
    // An organisation's buyer checking out beside a consumer with the same cart (issue 34).
    const paired = [
      'checkout session creation, consumer (paired)',
      'checkout session creation, organisation buyer',
    ];
    if (paired.some(chosen)) {
      const pair: ScenarioResult[] = [];
      for (const scenario of await organisationCheckoutScenarios(server.url, server.databaseUrl, origin)) {
        const result = await drive(server, scenario, duration);
        pair.push(result);
        results.push(result);
        console.log(
          `${result.name.padEnd(56)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  errors ${result.errors}  non-2xx ${result.non2xx}  server CPU ${result.serverCpuPercent} % (${result.serverCpuMsPerRequest} ms a request)`,
        );
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
        const result = await drive(server, scenario, duration);
        results.push(result);
        const verdict = result.met === undefined ? '' : result.met ? '  met' : '  OVER';
        console.log(
          `${result.name.padEnd(56)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  errors ${result.errors}  non-2xx ${result.non2xx}  server CPU ${result.serverCpuPercent} % (${result.serverCpuMsPerRequest} ms a request)${verdict}`,
        );
      }
    }
    console.log(describeMoves(metricsBefore, await scrapeMetrics(server.url)));
    runs.push({ engine: server.engine, pinning: server.pinning, results });
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
};
mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.json', `${JSON.stringify({ machine, runs }, null, 2)}\n`);
if (!only) await writeReport(machine, runs);
console.log('\nWritten bench/results.json' + (only ? '' : ' and docs/performance.md'));
