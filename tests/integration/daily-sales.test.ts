import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountDailySales } from '../../app/commerce/orders/daily-sales.server';
import { recordPaymentApproved } from '../../app/commerce/orders/order-writes.server';
import { ORDER_MOVES, type OrderMove } from '../../app/commerce/order-moves';
import { SALES_STATUSES } from '../../app/commerce/order-states';
import { TO_SHIP } from '../../app/features/orders/order-admin.server';
import { dashboardFigures } from '../../app/features/orders/order-stats.server';
import { refundOrder } from '../../app/features/orders/refunds.server';
import { storeDay } from '../../app/lib/store-time';
import { migrations } from '../../server/db/migrations';
import { createUnconfiguredGateway } from '../../server/payments/test-gateway';
import { PRODUCT_A, PRODUCT_B } from '../hardening/support';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { runCommand } from '../support/operator-commands';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { memberOf, organisationWith, placeOnTerms, productFor } from './invoices-support';

const DAY = 86_400_000;
const SALES: readonly string[] = SALES_STATUSES;

/**
 * The dashboard's daily figures (docs/decisions/0066) against a full recount from the orders,
 * computed here: orders placed and paid through the checkout's API, refunded (a part, the whole,
 * one failing at the processor, one days after the payment) and cancelled through the console,
 * an invoice settled, several payments and refunds at once; then the recount command.
 */
describe.each(testEngines)('daily sales figures on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;
  const orderRow = (id: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  /** Every day's figures by the rule, from every order: the recount a test can trust. */
  async function recount() {
    const orders = await db()
      .selectFrom('orders')
      .select(['status', 'fulfilment', 'paid_at', 'total', 'refunded_total'])
      .execute();
    const days = new Map<number, { orders: number; gross: number; refunded: number; toShip: number }>();
    for (const order of orders) {
      if (order.paid_at === null || !SALES.includes(order.status)) continue;
      const day = storeDay(Number(order.paid_at));
      const entry = days.get(day) ?? { orders: 0, gross: 0, refunded: 0, toShip: 0 };
      entry.orders += 1;
      entry.gross += Number(order.total);
      entry.refunded += Number(order.refunded_total);
      if (order.status === 'paid' && ['unfulfilled', 'packed'].includes(order.fulfilment)) entry.toShip += 1;
      days.set(day, entry);
    }
    return Object.fromEntries([...days].sort(([a], [b]) => a - b));
  }

  /** The kept table, days with nothing left in them (an order that left its day) set aside. */
  async function kept() {
    const rows = await db().selectFrom('daily_sales').selectAll().orderBy('day').execute();
    return Object.fromEntries(
      rows
        .map((row) => {
          const figures = {
            orders: Number(row.orders),
            gross: Number(row.gross),
            refunded: Number(row.refunded),
            toShip: Number(row.to_ship),
          };
          return [Number(row.day), figures] as const;
        })
        .filter(([, figures]) => Object.values(figures).some((value) => value !== 0)),
    );
  }

  /** A guest's order of A and B, placed (pending) through the checkout's API. */
  async function placed() {
    const guest = createClient(t.url);
    const { status, session } = await startCheckout(guest, {
      items: [
        { productId: PRODUCT_A.id, quantity: 2 },
        { productId: PRODUCT_B.id, quantity: 1 },
      ],
    });
    expect(status).toBe(201);
    return { guest, session };
  }

  async function paidOrder() {
    const { guest, session } = await placed();
    expect((await pay(guest, session.orderId, cardPayment())).status).toBe(200);
    return session;
  }

  const refundForm = (reference: string, fields: Record<string, string>) =>
    postForm(t, staff.client, `/admin/orders/${reference}`, {
      intent: 'refund',
      key: randomUUID(),
      ...fields,
    });

  it('no move takes an order out of the sales states without going through the figures', () => {
    // The writes that put an order in sales (payments, a settled invoice) and the refunds run
    // through withDailySales. A move from a sales state to another state would need it too.
    for (const [name, move] of Object.entries(ORDER_MOVES)) {
      const to: OrderMove['to'] = move.to;
      if (move.from.status.some((status) => SALES.includes(status)) && to.status !== undefined)
        expect(SALES, `move ${name}`).toContain(to.status);
    }
  });

  it('matches a full recount after payments, refunds, a cancellation and an invoice', async () => {
    // Paid, then a part refund of one unit of A.
    const part = await paidOrder();
    const partItems = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', part.orderId)
      .orderBy('position')
      .execute();
    const lineA = partItems.find((item) => item.product_id === PRODUCT_A.id)!;
    expect((await refundForm(part.reference, { [`qty-${lineA.id}`]: '1' })).status).toBe(200);
    expect(Number((await orderRow(part.orderId)).refunded_total)).toBeGreaterThan(0);

    // Paid, then refunded in full.
    const whole = await paidOrder();
    expect((await refundForm(whole.reference, { scope: 'all' })).status).toBe(200);
    expect((await orderRow(whole.orderId)).status).toBe('refunded');

    // A refund the processor does not make: reserved, then released.
    const failed = await paidOrder();
    await expect(
      refundOrder(
        { db: db(), gateway: createUnconfiguredGateway(), stockChanged: () => Promise.resolve() },
        { orderId: failed.orderId, actor: staff, idempotencyKey: randomUUID(), lines: 'all' },
      ),
    ).rejects.toThrow('Payments are not configured');
    expect(Number((await orderRow(failed.orderId)).refunded_total)).toBe(0);

    // Placed, never paid, cancelled by staff: no day counts it.
    const cancelled = await placed();
    const cancel = await postForm(t, staff.client, `/admin/orders/${cancelled.session.reference}`, {
      intent: 'cancel',
    });
    expect(cancel.status).toBe(200);
    expect((await orderRow(cancelled.session.orderId)).status).toBe('cancelled');

    // On invoice terms: counted once the invoice is paid in full.
    const organisationId = await organisationWith(t, { termsDays: 30, creditLimit: 1_000_000 });
    const buyer = await memberOf(t, organisationId, 'admin', 'Iris');
    const terms = await placeOnTerms(buyer.client, buyer.email, productFor(10_000, 2));
    expect(terms.paid.status).toBe(200);
    expect(await kept()).toEqual(await recount());
    const invoice = await db()
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', terms.session.orderId)
      .executeTakeFirstOrThrow();
    const settled = await postForm(t, staff.client, `/admin/invoices/${invoice.number}`, {
      intent: 'pay',
      amount: (invoice.amount / 100).toFixed(2),
      method: 'check',
      reference: 'CHK 7',
    });
    expect(settled.status).toBe(200);
    expect((await orderRow(terms.session.orderId)).paid_at).not.toBeNull();

    // Packed, then shipped: it waits no more.
    const shipped = await paidOrder();
    const parcel = `/admin/orders/${shipped.reference}`;
    expect((await postForm(t, staff.client, parcel, { intent: 'pack' })).status).toBe(200);
    expect(await kept()).toEqual(await recount());
    const sent = { intent: 'ship', carrier: 'ups', trackingNumber: '1z 999 aa1 0123456784' };
    expect((await postForm(t, staff.client, parcel, sent)).status).toBe(200);
    expect((await orderRow(shipped.orderId)).fulfilment).toBe('shipped');

    expect(await kept()).toEqual(await recount());
    // The dashboard reads the table: today's figures are the recount's, the orders waiting the
    // orders table's own count.
    const today = (await recount())[storeDay(Date.now())]!;
    const dashboard = await dashboardFigures(db());
    expect(dashboard.periods[0]).toMatchObject({
      orders: today.orders,
      revenue: today.gross - today.refunded,
    });
    const waiting = await db()
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(TO_SHIP)
      .executeTakeFirstOrThrow();
    expect(dashboard.toShipCount).toBe(Number(waiting.n));
    expect(dashboard.toShipCount).toBeGreaterThan(0);
  });

  it('moves the day the order was paid on when it is refunded days later', async () => {
    const { session } = await placed();
    const threeDaysAgo = Date.now() - 3 * DAY;
    // Paid three days ago: the checkout's own write, given that moment.
    await db()
      .transaction()
      .execute((trx) =>
        recordPaymentApproved(
          trx,
          session.orderId,
          {
            email: 'late@example.com',
            cardBrand: 'Visa',
            cardLast4: '4242',
            bankLast4: null,
            transactionId: `test_${randomUUID()}`,
          },
          { authorizeOnly: false },
          threeDaysAgo,
        ),
      );
    const paidDay = storeDay(threeDaysAgo);
    const before = (await kept())[paidDay]!;
    const row = await orderRow(session.orderId);
    expect((await refundForm(session.reference, { scope: 'all' })).status).toBe(200);
    const after = (await kept())[paidDay]!;
    // Refunded in full, it leaves the orders waiting to ship too.
    expect(after).toEqual({ ...before, refunded: before.refunded + row.total, toShip: before.toShip - 1 });
    expect(await kept()).toEqual(await recount());
    const dashboard = await dashboardFigures(db());
    const shown = dashboard.daily.find((d) => d.day === new Date(paidDay * DAY).toISOString().slice(0, 10))!;
    expect(shown).toEqual({ day: shown.day, orders: after.orders, revenue: after.gross - after.refunded });
    const waiting = Object.values(await recount()).reduce((sum, day) => sum + day.toShip, 0);
    expect(dashboard.toShipCount).toBe(waiting);
  });

  it('adds up several payments and refunds made at the same moment', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => placed()));
    const paid = await Promise.all(
      orders.map(({ guest, session }) => pay(guest, session.orderId, cardPayment())),
    );
    expect(paid.map((r) => r.status)).toEqual(orders.map(() => 200));
    expect(await kept()).toEqual(await recount());
    const refunded = await Promise.all(
      orders.slice(0, 4).map(({ session }) => refundForm(session.reference, { scope: 'all' })),
    );
    expect(refunded.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await kept()).toEqual(await recount());
  });

  it('is rebuilt from the orders by the migration and by npm run sales:recount', async () => {
    const expected = await recount();
    expect(Object.keys(expected).length).toBeGreaterThan(1);
    // The migration's backfill, on the orders as they are now.
    await db().schema.dropTable('daily_sales').execute();
    await migrations['0116-daily-sales']!.up(db());
    expect(await kept()).toEqual(expected);
    // Figures gone wrong (a restore of the orders alone, a hand edit): the command rebuilds them.
    await db().updateTable('daily_sales').set({ orders: 999, gross: 1 }).execute();
    await db()
      .insertInto('daily_sales')
      .values({ day: 1, orders: 1, gross: 1, refunded: 0, to_ship: 3 })
      .execute();
    const result = await runCommand({ operator: 'sales:recount' }, [], {
      DATABASE_URL: t.db.url,
      DATA_DIR: t.db.dir,
      AUTH_SECRET: 'daily-sales-test-secret-long-enough',
    });
    const ordersCounted = Object.values(expected).reduce((sum, day) => sum + day.orders, 0);
    expect(result.stdout.trim(), result.stderr).toBe(
      `Daily sales recounted: ${ordersCounted} paid orders on ${Object.keys(expected).length} days.`,
    );
    expect(result.code).toBe(0);
    expect(await kept()).toEqual(expected);
    // And the function the command runs, twice over: the same table.
    expect(await recountDailySales(db())).toEqual({
      days: Object.keys(expected).length,
      orders: ordersCounted,
    });
    expect(await kept()).toEqual(expected);
  });
});
