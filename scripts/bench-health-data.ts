import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sealPrescription } from '../app/commerce/prescriptions/prescription-sealing.server';
import { HealthDataKeyring, newHealthDataKey } from '../app/lib/health-data/health-data-keys.server';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedOrders } from './bench/seed-orders';

// `npm run bench:health-data`: `npm run health-data:rotate` over BENCH_ROWS (100,000)
// prescriptions as an operator runs it (docs/decisions/0062): a real process, killed with
// SIGKILL once BENCH_KILL_AT (a third) of the rows are examined, then run again to the end.
// Prints the time of each run, rows a second, and checks every row ends under the new key.
// On SQLite in a temporary folder; BENCH_DATABASE_URL=postgres://... for PostgreSQL.
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? Math.floor(ROWS / 3));
const BATCH = process.env.BENCH_BATCH ?? '500';
const OLD = newHealthDataKey('old1');
const NEW = newHealthDataKey('new2');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-health-data-'));
const url = process.env.BENCH_DATABASE_URL ?? `file:${path.join(dir, 'store.db')}`;
const ROOT = path.resolve(import.meta.dirname, '..');

async function seed() {
  const database = openDatabase(url);
  await migrateToLatest(database);
  await database.close();
  await seedOrders(url, ROWS, `staff-${randomUUID()}@example.com`);
  const opened = openDatabase(url);
  const old = HealthDataKeyring.from(OLD);
  const orders = await opened.db.selectFrom('orders').select('id').limit(ROWS).execute();
  const now = Date.now();
  for (let start = 0; start < orders.length; start += 500) {
    const rows = orders.slice(start, start + 500).map(({ id: orderId }, n) => {
      const i = start + n;
      const upload = i % 2 === 0;
      return sealPrescription(old, {
        id: randomUUID(),
        order_id: orderId,
        kind: upload ? ('upload' as const) : ('prescriber' as const),
        file_name: upload ? `rx-${i}.pdf` : null,
        content_type: upload ? 'application/pdf' : null,
        size: upload ? 2048 : null,
        // A small scan's worth of bytes: the rotation opens and seals each file whole.
        bytes: upload ? new Uint8Array(2048).fill(i % 251) : null,
        prescriber_name: upload ? null : `Dr. Bench ${i}`,
        prescriber_phone: upload ? null : '(503) 555-0100',
        prescriber_npi: upload ? null : '1234567893',
        diagnosis_codes: upload ? null : 'G47.33',
        prescribed_on: upload ? null : '2026-01-15',
        length_of_need: upload ? null : '99',
        status: 'submitted' as const,
        reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: now,
        updated_at: now,
      });
    });
    await opened.db.insertInto('prescriptions').values(rows).execute();
  }
  await opened.close();
  return orders.length;
}

/** One run of the operator command; `killAt` examined rows ends it with SIGKILL. */
function rotate(killAt?: number): Promise<{ ms: number; output: string; killed: boolean }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts/operator.ts'), 'health-data:rotate', '--batch', BATCH],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        DATA_DIR: dir,
        HEALTH_DATA_KEY: `${NEW},${OLD}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let killed = false;
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    const examined = [...output.matchAll(/(\d+) of \d+ prescriptions examined/g)].at(-1)?.[1];
    if (killAt !== undefined && !killed && Number(examined) >= killAt) {
      killed = child.kill('SIGKILL');
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise((resolve) =>
    child.on('close', () => resolve({ ms: performance.now() - started, output, killed })),
  );
}

async function check(): Promise<Record<string, number>> {
  const database = openDatabase(url);
  try {
    const counts: Record<string, number> = {};
    let after = '';
    for (;;) {
      const rows = await database.db
        .selectFrom('prescriptions')
        .select(['id', 'bytes', 'prescriber_name'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(2_000)
        .execute();
      for (const row of rows) {
        const id = HealthDataKeyring.keyIdOf(row.bytes ?? row.prescriber_name ?? '') ?? 'plain';
        counts[id] = (counts[id] ?? 0) + 1;
      }
      const last = rows.at(-1);
      if (!last || rows.length < 2_000) break;
      after = last.id;
    }
    return counts;
  } finally {
    await database.close();
  }
}

try {
  const seeding = performance.now();
  const rows = await seed();
  console.log(
    `seeded ${rows} prescriptions under key "old1" in ${Math.round(performance.now() - seeding)} ms`,
  );
  const first = await rotate(KILL_AT);
  const reported = [...first.output.matchAll(/(\d+) of \d+ prescriptions examined/g)].at(-1)?.[1];
  console.log(
    `run 1: ${first.killed ? 'killed (SIGKILL)' : 'not killed'} at ${reported} examined, ${Math.round(first.ms)} ms`,
  );
  const second = await rotate();
  const done = /Done: (\d+) prescriptions examined, (\d+) re-sealed/.exec(second.output);
  console.log(`run 2: ${done?.[0] ?? second.output.trim()} in ${Math.round(second.ms)} ms`);
  const resealed = Number(done?.[2] ?? 0);
  console.log(
    `rotation: ${Math.round(resealed / (second.ms / 1000))} rows/s in the second run (batch ${BATCH}, process start included)`,
  );
  const counts = await check();
  console.log(`keys now: ${JSON.stringify(counts)}`);
  if (counts.new2 !== rows || first.killed === false) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
