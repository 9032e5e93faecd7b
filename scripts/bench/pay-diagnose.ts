import pg from 'pg';
import { startBenchServer } from './server-process';
import { PayPool } from './pay-pool';

// `node --import tsx scripts/bench/pay-diagnose.ts` (BENCH_DATABASE_URL for PostgreSQL, PAYS for
// how many): pays guest orders 50 at a time against the production server, and on PostgreSQL
// samples every 50 ms what the store's sessions wait on and run (how the payments' queue on one
// row of daily_sales was found, docs/decisions/0071).
const pgUrl = process.env.BENCH_DATABASE_URL;
const server = await startBenchServer(pgUrl);
const origin = new URL(server.url).origin;
const count = Number(process.env.PAYS ?? 1500);
try {
  await PayPool.stockUp(server.databaseUrl);
  const pool = new PayPool(server.url, origin);
  let t = Date.now();
  await pool.fill(count);
  console.log(`made ${count} orders in ${Date.now() - t} ms`);
  const requests = pool.take(count);
  const client = pgUrl ? new pg.Client({ connectionString: pgUrl }) : undefined;
  await client?.connect();
  const waits = new Map<string, number>();
  let sampling = true;
  const sampler = (async () => {
    while (sampling && client) {
      const { rows } = await client.query(
        `select coalesce(wait_event_type,'-')||':'||coalesce(wait_event,'-')||' '||state||' '||left(regexp_replace(query,'\\s+',' ','g'),90) as k from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      for (const { k } of rows) waits.set(k, (waits.get(k) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  t = Date.now();
  server.resetLoopDelay();
  let next = 0;
  const statuses = new Map<number, number>();
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++];
      if (!r) break;
      const res = await fetch(`${server.url}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  const ms = Date.now() - t;
  const loop = await server.readLoopDelay();
  console.log(`server CPU ${loop.cpuPercent} %, ${(loop.cpuMs / requests.length).toFixed(2)} ms a payment`);
  sampling = false;
  await sampler;
  await client?.end();
  console.log(
    `paid ${requests.length} in ${ms} ms: ${Math.round((requests.length * 1000) / ms)} req/s`,
    statuses,
  );
  [...waits]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .forEach(([k, v]) => console.log(v, k));
} finally {
  await server.stop();
}
