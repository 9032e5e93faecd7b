import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Engine, openDatabase } from '../../server/db/database';
import { cardPayment, withAddress } from '../support/checkout';
import { createClient } from '../support/http-client';
import { runCommand } from '../support/operator-commands';
import { waitUntil } from '../support/wait-until';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { prepareStore } from '../support/stocked-store';
import { createTestDatabase, testEngines, type TestDatabase } from '../support/test-database';
import { PRODUCT_A, PRODUCT_B } from './support';

const WORKERS = 4;
const SECRET = 'restore-drill-secret-that-is-long-enough-1';

interface Acknowledged {
  orderId: string;
  total: number;
  /** The payment was answered 200. */
  paid: boolean;
}

let ip = 0;

/** Guest carts, checkouts and payments from WORKERS loops until `stop.now`. */
async function writeLoad(url: string, acknowledged: Map<string, Acknowledged>, stop: { now: boolean }) {
  const worker = async (w: number) => {
    for (let n = 0; !stop.now; n++) {
      const client = createClient(url);
      const items = [
        { productId: PRODUCT_A.id, quantity: 1 + ((w + n) % 3) },
        ...(n % 2 === 0 ? [{ productId: PRODUCT_B.id, quantity: 1 + (n % 4) }] : []),
      ];
      const created = await client.post('/api/checkout', withAddress({ items }));
      if (created.status !== 201) throw new Error(`checkout answered ${created.status}: ${created.text}`);
      const session = created.body as { orderId: string; amount: number };
      const record = { orderId: session.orderId, total: session.amount, paid: false };
      acknowledged.set(record.orderId, record);
      const paid = await client.request(`/api/checkout/${session.orderId}/pay`, {
        method: 'POST',
        body: cardPayment(),
        // An address per payment: the per-address payment limit is not under test here.
        headers: { 'x-forwarded-for': `198.18.${(++ip >> 8) & 255}.${ip & 255}` },
      });
      if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${paid.text}`);
      record.paid = true;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
}

const serverEnv = (url: string, dir: string) => ({
  DATABASE_URL: url,
  DATA_DIR: dir,
  AUTH_SECRET: SECRET,
  TRUSTED_PROXIES: '127.0.0.1',
  // The backup under test is the command's (server-process.ts turns the schedule off; it is
  // tested in tests/integration/backups).
});

async function stopServer(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** The restored database's URL: `npm run db:restore` on SQLite, the drill script on PostgreSQL. */
async function restore(engine: Engine, source: TestDatabase, file: string, drillDatabase: string) {
  if (engine === 'sqlite') {
    const target = createTestDatabase('sqlite');
    const restored = await runCommand({ operator: 'db:restore' }, [file], serverEnv(target.url, target.dir));
    expect(restored.code, restored.stderr).toBe(0);
    return { url: target.url, dir: target.dir, cleanup: () => target.cleanup() };
  }
  const drill = await runCommand({ script: 'pg-restore-drill.sh' }, [source.url, file], {
    DRILL_DATABASE: drillDatabase,
  });
  expect(drill.code, drill.stderr).toBe(0);
  console.log(drill.stderr.trim());
  const url = drill.stdout.trim().split('\n').at(-1)!;
  expect(url).toContain(`/${drillDatabase}?schema=`);
  return {
    url,
    dir: source.dir,
    async cleanup() {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${drillDatabase}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The restore drill (issue 21, point 2): a backup taken while shoppers check out and pay,
 * restored into a new database that a new server runs on. Every order answered before the
 * backup started is there with its total, paid if its payment was answered.
 */
describe.each(testEngines)('restore drill on %s', (engine) => {
  const source = createTestDatabase(engine);
  const cleanups: (() => Promise<void>)[] = [];
  let server: ServerProcess | undefined;
  let restoredServer: ServerProcess | undefined;
  afterAll(async () => {
    await stopServer(server);
    await stopServer(restoredServer);
    for (const cleanup of cleanups) await cleanup();
    await source.cleanup();
  });

  it('restores every order acknowledged before a backup taken under load', { timeout: 300_000 }, async () => {
    await prepareStore(source, [PRODUCT_A.id, PRODUCT_B.id]);
    server = await startServerProcess(serverEnv(source.url, source.dir));
    const acknowledged = new Map<string, Acknowledged>();
    const stop = { now: false };
    let loadFailed: unknown;
    const load = writeLoad(server.url, acknowledged, stop).catch((error: unknown) => {
      loadFailed = error;
    });
    /** A condition on the load, which fails at once if the load did. */
    const loadReached = (condition: () => boolean) => () => {
      if (loadFailed) throw loadFailed;
      return condition();
    };
    const paidCount = () => [...acknowledged.values()].filter((a) => a.paid).length;
    await waitUntil(
      loadReached(() => paidCount() >= 20),
      '20 paid orders before the backup',
    );

    // What the server had acknowledged when the backup started (copies: the load goes on).
    const beforeBackup = [...acknowledged.values()].map((a) => ({ ...a }));
    const backup = await runCommand({ operator: 'db:backup' }, [], serverEnv(source.url, source.dir));
    expect(backup.code, backup.stderr).toBe(0);
    const file = backup.stdout.trim();
    const duringBackup = acknowledged.size - beforeBackup.length;
    // Writes went on: orders after the backup's end too.
    const afterBackup = acknowledged.size;
    await waitUntil(
      loadReached(() => acknowledged.size >= afterBackup + 5),
      'orders after the backup',
    );
    stop.now = true;
    await load;
    if (loadFailed) throw loadFailed;
    await stopServer(server);

    const restored = await restore(engine, source, file, `drill_${randomBytes(5).toString('hex')}`);
    cleanups.push(restored.cleanup);
    restoredServer = await startServerProcess(serverEnv(restored.url, restored.dir));

    // The restored store serves and takes a new order.
    const shopper = createClient(restoredServer.url);
    expect((await shopper.get('/api/health')).status).toBe(200);
    const created = await shopper.post(
      '/api/checkout',
      withAddress({ items: [{ productId: PRODUCT_A.id, quantity: 1 }] }),
    );
    expect(created.status, created.text).toBe(201);

    const database = openDatabase(restored.url, { poolSize: 2 });
    try {
      const ids = beforeBackup.map((a) => a.orderId);
      const orders = await database.db
        .selectFrom('orders')
        .select(['id', 'total', 'status'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(orders.map((o) => [o.id, o]));
      for (const expected of beforeBackup) {
        const order = byId.get(expected.orderId);
        expect(order, `order ${expected.orderId}`).toBeDefined();
        expect(order!.total).toBe(expected.total);
        if (expected.paid) expect(order!.status).toBe('paid');
      }
      const paidBefore = beforeBackup.filter((a) => a.paid);
      const paidTotal = paidBefore.reduce((sum, a) => sum + a.total, 0);
      const restoredPaid = await database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.sum<number>('total').as('total'))
        .where(
          'id',
          'in',
          paidBefore.map((a) => a.orderId),
        )
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow();
      expect(Number(restoredPaid.total)).toBe(paidTotal);
      if (engine === 'sqlite') {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
        expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
      }
      console.log(
        `restore drill (${engine}): ${beforeBackup.length} orders acknowledged before the backup ` +
          `(${paidBefore.length} paid, ${paidTotal} cents) all restored; ${duringBackup} more during it; ` +
          `${backup.stderr.trim()}`,
      );
    } finally {
      await database.close();
    }
  });
});
