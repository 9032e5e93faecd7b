import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { CATALOGUE_SEED } from '../app/commerce/catalogue/catalog-seed';
import { recountDailySales } from '../app/commerce/orders/daily-sales.server';
import { openDatabase } from '../server/db/database';
import { ensureBuild } from './ensure-build';
import { openBulkWriter } from './bench/bulk-writer';
import { drive } from './bench/drive';
import { growCatalogue } from './bench/grow-catalogue';
import { type GrowthRun, type GrowthStage, writeGrowthReport } from './bench/growth-report';
import { growthScenarios, type GrowthVisitors } from './bench/growth-scenarios';
import { seedCustomers } from './bench/seed-customers';
import { seedOrderHistory } from './bench/seed-order-history';
import { makeStaff } from './bench/seed-orders';
import { type BenchDatabase, freshDatabase, type LoopDelay, startBenchServer } from './bench/server-process';
import { createShoppers } from './bench/shoppers';
import { writeGrownCatalogue } from './bench/write-catalogue';

// `npm run bench:growth`: the storefront's and the console's pages as the store grows, from the
// data files' ~150 products and no orders, to 10,000 products and 100,000 customers, to
// 1,000,000 orders. For each engine (SQLite; PostgreSQL too when BENCH_DATABASE_URL is set) one
// fresh database grows in two steps, written straight into the tables while the server is
// stopped (the catalogue's read model loads at start); the server is started on it at each size,
// timed to its first healthy answer, and driven page by page as `npm run bench` does.
// BENCH_DURATION (seconds a page, default 10), BENCH_CONNECTIONS (default 4), BENCH_ONLY (a part
// of page names), BENCH_PRODUCTS / BENCH_CUSTOMERS / BENCH_ORDERS (smaller sizes while working on
// the script; BENCH_ORDERS=0 stops at the grown catalogue, which is all the storefront's pages
// need and skips the slow order history), BENCH_PROFILE=<folder> (a CPU profile of each server start), BENCH_KEEP=1 (keep
// each engine's grown database, to look at query plans).
ensureBuild();
// Every page rendered for its request: the page cache would answer the catalogue pages from
// memory (signed-in shoppers too, ADR 0029), and what grows with the store is the render.
process.env.PAGE_CACHE = 'false';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const only = process.env.BENCH_ONLY?.toLowerCase();
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
/** The signed-in shopper's share of the orders: an average customer's (orders / customers). */
const SHOPPER_ORDERS = Math.max(1, Math.round(ORDERS / CUSTOMERS));
const engines = [undefined, process.env.BENCH_DATABASE_URL].filter((u, i) => i === 0 || u);
const n = (value: number) => value.toLocaleString('en-US');
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

async function measure(
  database: BenchDatabase,
  visitors: GrowthVisitors,
  stage: Pick<GrowthStage, 'label' | 'written' | 'writeSeconds'>,
): Promise<GrowthStage> {
  const server = await startBenchServer(database.postgresUrl, database);
  try {
    const atStart = await server.readLoopDelay();
    console.log(
      `\n${server.engine}, ${stage.label}: started in ${server.startupMs} ms, RSS ${atStart.rssMb} MB (V8 heap ${atStart.heapUsedMb} MB in use of ${atStart.heapTotalMb})`,
    );
    const results = [];
    for (const scenario of growthScenarios(visitors, connections)) {
      if (only && !scenario.name.toLowerCase().includes(only)) continue;
      const result = await drive(server, scenario, duration);
      results.push(result);
      const verdict = result.met ? 'met' : 'OVER';
      console.log(
        `${result.name.padEnd(72)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  errors ${result.errors + result.non2xx}  CPU ${result.serverCpuMsPerRequest} ms a request  ${verdict}`,
      );
    }
    const after = await server.readLoopDelay();
    console.log(
      `memory after the runs: RSS ${after.rssMb} MB, peak ${after.peakRssMb} MB (V8 heap ${after.heapUsedMb} MB in use of ${after.heapTotalMb}, ${after.externalMb} MB outside it)`,
    );
    const memory = ({ rssMb, heapUsedMb, heapTotalMb, externalMb }: LoopDelay) => ({
      rssMb,
      heapUsedMb,
      heapTotalMb,
      externalMb,
    });
    return {
      ...stage,
      startupMs: server.startupMs,
      atStart: memory(atStart),
      afterRuns: memory(after),
      peakRssMb: after.peakRssMb,
      results,
    };
  } finally {
    await server.stop();
  }
}

async function growEngine(postgresUrl: string | undefined): Promise<GrowthRun> {
  const database = freshDatabase(postgresUrl);
  try {
    // The first start migrates the empty database and seeds the data files' catalogue; the
    // accounts are made through the API, as people make them.
    const first = await startBenchServer(postgresUrl, database);
    const { engine, pinning } = first;
    const [shopper] = await createShoppers(first.url, 1, 'growth');
    const [staff] = await createShoppers(first.url, 1, 'staff');
    await first.stop();
    if (!shopper || !staff) throw new Error('the bench accounts were not made');
    const handle = openDatabase(database.url);
    const { rows } = await sql<{ id: string; name: string; email: string }>`
      select id, name, email from "user" where email = ${shopper.email}`.execute(handle.db);
    await makeStaff(handle, staff.email);
    await handle.close();
    const shopperRow = rows[0];
    if (!shopperRow) throw new Error('the bench shopper is not in the database');
    const visitors = {
      shopperCookie: shopper.cookie,
      shopperEmail: shopper.email,
      staffCookie: staff.cookie,
    };
    const seedCount = CATALOGUE_SEED.products.length;
    const stages: GrowthStage[] = [];
    stages.push(
      await measure(database, visitors, {
        label: `${seedCount} products, 0 orders`,
        written: "the data files' catalogue (first start)",
      }),
    );

    let since = performance.now();
    const grown = growCatalogue(PRODUCTS);
    let writer = await openBulkWriter(database.url);
    await writeGrownCatalogue(writer, grown, seedCount);
    const customers = await seedCustomers(writer, CUSTOMERS);
    await writer.execute(engine === 'postgres' ? 'vacuum analyze' : 'analyze');
    await writer.close();
    const grownSeconds = seconds(since);
    console.log(
      `\nwrote ${n(grown.products.length)} products and ${n(CUSTOMERS)} customers in ${grownSeconds} s`,
    );
    stages.push(
      await measure(database, visitors, {
        label: `${n(seedCount + grown.products.length)} products, 0 orders`,
        written: `${n(grown.products.length)} products, ${n(CUSTOMERS)} customers`,
        writeSeconds: grownSeconds,
      }),
    );

    if (ORDERS === 0) return { engine, pinning, firstStartMs: first.startupMs, stages };
    since = performance.now();
    writer = await openBulkWriter(database.url);
    await seedOrderHistory(writer, {
      count: ORDERS,
      customers,
      products: [...CATALOGUE_SEED.products, ...grown.products],
      regulars: [{ customer: shopperRow, orders: SHOPPER_ORDERS }],
    });
    // What autovacuum does soon after such a load: the planners know the tables' sizes.
    await writer.execute(engine === 'postgres' ? 'vacuum analyze' : 'analyze');
    await writer.close();
    // Written behind the app's back: the dashboard's daily figures recounted from them.
    const recounting = openDatabase(database.url);
    await recountDailySales(recounting.db).finally(() => recounting.close());
    const ordersSeconds = seconds(since);
    console.log(`\nwrote ${n(ORDERS)} orders in ${ordersSeconds} s`);
    stages.push(
      await measure(database, visitors, {
        label: `${n(seedCount + grown.products.length)} products, ${n(ORDERS)} orders`,
        written: `${n(ORDERS)} orders (1-3 lines each)`,
        writeSeconds: ordersSeconds,
      }),
    );
    return { engine, pinning, firstStartMs: first.startupMs, stages };
  } finally {
    if (process.env.BENCH_KEEP) console.log(`\nkept the database: ${database.url}`);
    else await database.drop();
  }
}

const runs: GrowthRun[] = [];
const loads = () => loadavg().map((l) => Math.round(l * 100) / 100);
const loadAverage = loads();
for (const postgresUrl of engines) runs.push(await growEngine(postgresUrl));

const machine = {
  date: new Date().toISOString(),
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown CPU',
  node: process.version,
  loadAverage,
  loadAverageAfter: loads(),
  durationSeconds: duration,
  connections,
};
mkdirSync('bench', { recursive: true });
writeFileSync('bench/growth-results.json', `${JSON.stringify({ machine, runs }, null, 2)}\n`);
const full = !only && PRODUCTS === 10_000 && ORDERS === 1_000_000 && CUSTOMERS === 100_000;
if (full) await writeGrowthReport(machine, runs);
console.log('\nWritten bench/growth-results.json' + (full ? ' and docs/performance.md' : ''));
