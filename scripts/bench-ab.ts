import { loadavg } from 'node:os';
import path from 'node:path';
import { ensureBuild } from './ensure-build';
import { drive, type ScenarioResult } from './bench/drive';
import { scenarios } from './bench/scenarios';
import { type BenchServer, startBenchServer } from './bench/server-process';
import { createShoppers } from './bench/shoppers';
import { placeShopperOrders } from './bench/shopper-orders';

// `BENCH_AB_BASE=<folder> npm run bench:ab`: this checkout's production server against another
// checkout's (built there first, e.g. `git archive main | tar -x -C <folder>` and its build),
// at the same moment: both run, each on a fresh database, and every scenario is driven on one
// then the other, in turn, BENCH_ROUNDS times (the order swapped each round). On a shared
// machine whose load moves minute by minute, comparing CPU per request within one round is
// fairer than comparing two runs of `npm run bench` made minutes apart. BENCH_ONLY and
// BENCH_DURATION as for `npm run bench`; BENCH_DATABASE_URL runs both on PostgreSQL;
// BENCH_AB_TOGETHER=1 drives both at the same time instead of in turn.
const base = process.env.BENCH_AB_BASE;
if (!base) throw new Error('BENCH_AB_BASE: the folder of the checkout to compare against (built)');
ensureBuild();
const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const only = process.env.BENCH_ONLY?.toLowerCase().split('|');
const chosen = (name: string) => !only || only.some((part) => name.toLowerCase().includes(part));
const postgresUrl = process.env.BENCH_DATABASE_URL;

async function prepare(server: BenchServer) {
  const shoppers = await createShoppers(server.url, 10, 'cart');
  const orders = await placeShopperOrders(shoppers, 3);
  const list = scenarios(server.engine, new URL(server.url).origin, shoppers, [], orders);
  return list.filter((s) => chosen(s.name) && s.method !== 'POST');
}

// The server process runs `scripts/start.ts` of the folder it is started from.
const here = process.cwd();
process.chdir(path.resolve(base));
const baseServer = await startBenchServer(postgresUrl);
process.chdir(here);
const thisServer = await startBenchServer(postgresUrl);
const sides = [
  { name: 'base', server: baseServer, results: new Map<string, ScenarioResult[]>() },
  { name: 'this', server: thisServer, results: new Map<string, ScenarioResult[]>() },
];
try {
  const lists = await Promise.all(sides.map((side) => prepare(side.server)));
  console.log(`${thisServer.engine}: base ${path.resolve(base)} against ${here}, ${thisServer.pinning}`);
  for (let round = 0; round < rounds; round++) {
    for (const [i, scenario] of (lists[0] ?? []).entries()) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const measure = async (s: number) => {
        const side = sides[s];
        const own = lists[s]?.[i];
        if (!side || !own) return;
        const result = await drive(side.server, own, duration);
        side.results.set(scenario.name, [...(side.results.get(scenario.name) ?? []), result]);
        const load = loadavg()[0]?.toFixed(1);
        console.log(
          `round ${round + 1} ${side.name} ${scenario.name.padEnd(58)} ${String(result.requestsPerSecond).padStart(5)} req/s  CPU ${result.serverCpuPercent} %  ${result.serverCpuMsPerRequest} ms a request  (load ${load})`,
        );
      };
      // BENCH_AB_TOGETHER=1: both driven at once (sharing the server core), so a moment's load
      // from elsewhere on the machine falls on both alike.
      if (process.env.BENCH_AB_TOGETHER) await Promise.all(order.map(measure));
      else for (const s of order) await measure(s);
    }
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
  for (const scenario of lists[0] ?? []) {
    const [a, b] = sides.map((side) =>
      median((side.results.get(scenario.name) ?? []).map((r) => r.serverCpuMsPerRequest)),
    );
    console.log(`median CPU ms a request, ${scenario.name}: base ${a?.toFixed(2)}, this ${b?.toFixed(2)}`);
  }
} finally {
  await Promise.all(sides.map((side) => side.server.stop()));
}
