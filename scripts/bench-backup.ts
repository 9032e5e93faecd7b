import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CATALOGUE_SEED } from '../app/commerce/catalogue/catalog-seed';
import { seedFromDataFiles } from '../app/commerce/catalogue/catalogue-store.server';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { writeBackup } from '../server/backup/sqlite-backup';
import { restoreSqlite } from '../server/backup/sqlite-restore';
import { copyDatabase } from '../server/backup/sqlite-worker';
import { openBulkWriter } from './bench/bulk-writer';
import { seedCustomers } from './bench/seed-customers';
import { seedOrderHistory } from './bench/seed-order-history';

// `node --import tsx scripts/bench-backup.ts`: the SQLite backup's cost to the store's writes
// (docs/decisions/0035). A database of the seeded catalogue, BENCH_CUSTOMERS (10,000) customers
// and BENCH_ORDERS (100,000) orders; a writer commits one small row at a time (synchronous=FULL,
// as the server) on its own connection while each way of copying runs, and the longest commit
// (its wait for the write lock plus its fsync) and the longest event-loop turn are reported.
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-backup-'));
const file = path.join(dir, 'store.db');
const ms = (value: number) => Math.round(value * 10) / 10;

async function makeDatabase() {
  const database = openDatabase(`file:${file}`);
  await migrateToLatest(database);
  await seedFromDataFiles(database.db);
  await database.close();
  const writer = await openBulkWriter(`file:${file}`);
  const customers = await seedCustomers(writer, CUSTOMERS);
  await seedOrderHistory(writer, { count: ORDERS, customers, products: CATALOGUE_SEED.products });
  await writer.execute('analyze');
  await writer.close();
}

/** Commits rows one at a time until `until` settles; returns the longest commit and loop turn. */
async function writeWhile(until: Promise<unknown>) {
  const db = new SQLite(file, { timeout: 30_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  const insert = db.prepare('insert into rate_limits (key, count, reset_at) values (?, 1, 0)');
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  let longestTurn = 0;
  let commits = 0;
  while (!done) {
    const started = performance.now();
    insert.run(`bench:${commits++}:${Math.random()}`);
    latencies.push(performance.now() - started);
    // The wait for the next turn: what anything else on this thread held it for.
    const yielded = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    longestTurn = Math.max(longestTurn, performance.now() - yielded);
  }
  db.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    ms(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    commits,
    commitP50: at(0.5),
    commitP99: at(0.99),
    longestCommit: at(1),
    longestTurn: ms(longestTurn),
  };
}

/** better-sqlite3's backup from this thread, 100 pages a turn (its default), on its own connection. */
async function backupOnThisThread(target: string) {
  const db = new SQLite(file);
  let restarts = 0;
  let remaining = Infinity;
  try {
    await db.backup(target, {
      progress: (p) => {
        if (p.remainingPages > remaining) restarts++;
        remaining = p.remainingPages;
        if (restarts > 200) throw new Error('restarted 200 times by the writer: gave up');
        return 100;
      },
    });
    return `completed after ${restarts} restarts`;
  } catch (error) {
    return (error as Error).message;
  } finally {
    db.close();
  }
}

function vacuumOnThisThread(target: string) {
  const db = new SQLite(file);
  try {
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
}

console.log(`making a database of ${ORDERS.toLocaleString('en-US')} orders...`);
await makeDatabase();
console.log(`database: ${(statSync(file).size / 1e6).toFixed(1)} MB`);
console.log('writes alone:', await writeWhile(new Promise((resolve) => setTimeout(resolve, 3000))));

const ways: [string, (target: string) => Promise<unknown>][] = [
  ['VACUUM INTO, worker thread', (target) => copyDatabase(file, target, 'vacuum')],
  ['backup API in one step, worker thread', (target) => copyDatabase(file, target, 'backup-api')],
  ['backup API 100 pages a turn, this thread', backupOnThisThread],
  [
    'VACUUM INTO, this thread',
    async (target) => {
      await new Promise((resolve) => setTimeout(resolve, 50)); // the writer is running first
      vacuumOnThisThread(target);
    },
  ],
];
for (const [name, copy] of ways) {
  const target = path.join(dir, `copy-${ways.findIndex((w) => w[0] === name)}.db`);
  const started = performance.now();
  const copying = copy(target);
  const writes = await writeWhile(copying);
  const outcome = await copying;
  const size = statSync(target, { throwIfNoEntry: false })?.size ?? 0;
  console.log(
    `${name}: ${ms(performance.now() - started)} ms, ${(size / 1e6).toFixed(1)} MB`,
    writes,
    outcome ?? '',
  );
  rmSync(target, { force: true });
}

const backupDir = path.join(dir, 'backups');
const whole = writeBackup(file, backupDir);
const writes = await writeWhile(whole);
const backup = await whole;
console.log(`writeBackup (copy, integrity_check, fsync, rename): ${backup.ms} ms`, writes);
const restoredFile = path.join(dir, 'restored', 'store.db');
let started = performance.now();
await restoreSqlite(backup.file, restoredFile);
console.log(`restoreSqlite (copy, integrity_check, rename): ${ms(performance.now() - started)} ms`);
started = performance.now();
const restored = openDatabase(`file:${restoredFile}`);
await migrateToLatest(restored);
await restored.close();
console.log(`first open and migrate of the restored database: ${ms(performance.now() - started)} ms`);
rmSync(dir, { recursive: true, force: true });
