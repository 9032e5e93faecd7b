import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recountDailySales } from '../../app/commerce/orders/daily-sales.server';
import { SALES_STATUSES } from '../../app/commerce/order-states';
import { storeDay } from '../../app/lib/store-time';
import { PRODUCT_A, PRODUCT_B } from '../hardening/support';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const SALES: readonly string[] = SALES_STATUSES;

/**
 * Two writes to one order at the same moment (docs/decisions/0072): each must count the other's
 * change once in the daily figures. On PostgreSQL the test holds the order's row itself until
 * both requests wait on it, so the two transactions overlap every time: each has begun and read
 * what it reads before its write before either writes. SQLite writes one at a time: the same
 * requests at once.
 */
describe.each(testEngines)('daily sales under concurrent writes on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());
  // Each test from exact figures, so each one's own writes are what it checks.
  beforeEach(async () => {
    await recountDailySales(db());
  });

  /** Every day's figures by the rule, from every order. */
  async function recount() {
    const orders = await db()
      .selectFrom('orders')
      .select(['status', 'fulfilment', 'paid_at', 'total', 'refunded_total'])
      .execute();
    const days: Record<number, { orders: number; gross: number; refunded: number; toShip: number }> = {};
    for (const order of orders) {
      if (order.paid_at === null || !SALES.includes(order.status)) continue;
      const day = storeDay(Number(order.paid_at));
      const entry = (days[day] ??= { orders: 0, gross: 0, refunded: 0, toShip: 0 });
      entry.orders += 1;
      entry.gross += Number(order.total);
      entry.refunded += Number(order.refunded_total);
      if (order.status === 'paid' && ['unfulfilled', 'packed'].includes(order.fulfilment)) entry.toShip += 1;
    }
    return days;
  }

  async function kept() {
    const rows = await db().selectFrom('daily_sales').selectAll().execute();
    const days: Awaited<ReturnType<typeof recount>> = {};
    for (const row of rows) {
      const figures = {
        orders: Number(row.orders),
        gross: Number(row.gross),
        refunded: Number(row.refunded),
        toShip: Number(row.to_ship),
      };
      if (Object.values(figures).some((value) => value !== 0)) days[Number(row.day)] = figures;
    }
    return days;
  }

  /** A guest's order of two A and one B, paid through the checkout's API; its lines by product. */
  async function paidOrder() {
    const guest = createClient(t.url);
    const { status, session } = await startCheckout(guest, {
      items: [
        { productId: PRODUCT_A.id, quantity: 2 },
        { productId: PRODUCT_B.id, quantity: 1 },
      ],
    });
    expect(status).toBe(201);
    expect((await pay(guest, session.orderId, cardPayment())).status).toBe(200);
    const items = await db()
      .selectFrom('order_items')
      .select(['id', 'product_id'])
      .where('order_id', '=', session.orderId)
      .execute();
    const line = (productId: string) => items.find((item) => item.product_id === productId)?.id ?? '';
    return { ...session, lineA: line(PRODUCT_A.id), lineB: line(PRODUCT_B.id) };
  }

  const act = (reference: string, fields: Record<string, string>) =>
    postForm(t, staff.client, `/admin/orders/${reference}`, fields);
  const partRefund = (reference: string, lineId: string) =>
    act(reference, { intent: 'refund', key: randomUUID(), [`qty-${lineId}`]: '1' });

  /**
   * Sends the requests at once. On PostgreSQL the order's row is held (the lock an UPDATE takes)
   * by another transaction until as many requests wait on it as were sent, then let go.
   */
  async function atOnce(orderId: string, requests: (() => Promise<{ status: number }>)[]) {
    if (engine !== 'postgres') return Promise.all(requests.map((send) => send()));
    return db()
      .transaction()
      .execute(async (holder) => {
        await sql`select id from orders where id = ${orderId} for no key update`.execute(holder);
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(holder);
        const pid = rows[0]?.pid;
        const sent = requests.map((send) => send());
        for (;;) {
          // Waiting on the holder, or on one that waits on it (a row's later waiters queue).
          const waiting = await sql<{ n: number }>`
            with recursive blocked(pid) as (
              select pid from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))
              union
              select a.pid from pg_stat_activity a join blocked b on b.pid = any(pg_blocking_pids(a.pid))
            ) select count(*)::int as n from blocked`.execute(db());
          if ((waiting.rows[0]?.n ?? 0) >= requests.length) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return sent;
      })
      .then((sent) => Promise.all(sent));
  }

  it('counts two part refunds of one order made at once once each', async () => {
    const order = await paidOrder();
    const answers = await atOnce(order.orderId, [
      () => partRefund(order.reference, order.lineA),
      () => partRefund(order.reference, order.lineB),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const row = await db()
      .selectFrom('refunds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', order.orderId)
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(2);
    expect(await kept()).toEqual(await recount());
  });

  it('counts a part refund and the parcel shipped at once once each', async () => {
    const order = await paidOrder();
    expect((await act(order.reference, { intent: 'pack' })).status).toBe(200);
    const answers = await atOnce(order.orderId, [
      () => partRefund(order.reference, order.lineA),
      () => act(order.reference, { intent: 'ship', carrier: 'ups', trackingNumber: '1z 999 aa1 0123456784' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const row = await db()
      .selectFrom('orders')
      .select(['fulfilment', 'refunded_total'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row.fulfilment).toBe('shipped');
    expect(Number(row.refunded_total)).toBeGreaterThan(0);
    expect(await kept()).toEqual(await recount());
  });

  it('counts three part refunds and a status change at once once each', async () => {
    const orders = await Promise.all([paidOrder(), paidOrder()]);
    for (const order of orders) {
      expect((await act(order.reference, { intent: 'pack' })).status).toBe(200);
    }
    const [first, second] = orders as [(typeof orders)[0], (typeof orders)[0]];
    const answers = await atOnce(first.orderId, [
      () => partRefund(first.reference, first.lineA),
      () => partRefund(first.reference, first.lineB),
      () => act(first.reference, { intent: 'ship', carrier: 'ups', trackingNumber: '1z 999 aa1 0123456784' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // And a whole refund of another order beside them: nothing of it waits on the first's row.
    expect((await act(second.reference, { intent: 'refund', key: randomUUID(), scope: 'all' })).status).toBe(
      200,
    );
    expect(await kept()).toEqual(await recount());
  });
});
