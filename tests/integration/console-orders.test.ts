import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAbandonedOrders } from '../../app/features/orders/abandoned-orders.server';
import { dashboardFigures } from '../../app/features/orders/order-stats.server';
import { openDatabase } from '../../server/db/database';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient, type TestClient } from '../support/http-client';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { PRODUCT_A, PRODUCT_B } from '../hardening/support';
import { addToCart } from '../support/cart';

/** Orders from payment to delivery, run by staff through the console's forms (plain POSTs). */
describe.each(testEngines)('the order console on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let shopper: TestClient;
  let shopperEmail = '';
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    ({ client: shopper, email: shopperEmail } = await signedInClient(t.url, 'Rosa'));
  });
  afterAll(async () => t.close());

  /** A paid order of the shopper's: 2 of A and 1 of B. */
  async function paidOrder() {
    await addToCart(shopper, PRODUCT_A.id, 2);
    await addToCart(shopper, PRODUCT_B.id, 1);
    const { session } = await startCheckout(shopper, {});
    expect((await pay(shopper, session.orderId, cardPayment(undefined, shopperEmail))).status).toBe(200);
    return session;
  }
  const order = (reference: string) =>
    db().selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const onHand = async (productId: string) =>
    Number(
      (
        await db()
          .selectFrom('inventory')
          .select('on_hand')
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow()
      ).on_hand,
    );
  const audit = (reference: string) =>
    db().selectFrom('audit_log').selectAll().where('target_id', '=', reference).orderBy('at').execute();
  const refundKey = () => crypto.randomUUID();

  it('finds an order by the shopper email, ships it, and the shopper gets the tracking link', async () => {
    const { reference } = await paidOrder();
    const list = await staff.client.get(`/admin/orders?q=${encodeURIComponent(shopperEmail)}`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(reference);
    const byReference = await staff.client.get(`/admin/orders?q=${reference.slice(0, 6)}`);
    expect(byReference.text).toContain(reference);

    const path = `/admin/orders/${reference}`;
    expect((await postForm(t, staff.client, path, { intent: 'pack' })).status).toBe(200);
    const bad = await postForm(t, staff.client, path, {
      intent: 'ship',
      carrier: 'ups',
      trackingNumber: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter the tracking number');
    expect((await order(reference)).fulfilment).toBe('packed');

    const shipped = await postForm(t, staff.client, path, {
      intent: 'ship',
      carrier: 'ups',
      trackingNumber: '1z 999 aa1 0123456784',
    });
    expect(shipped.status).toBe(200);
    const row = await order(reference);
    expect(row).toMatchObject({
      fulfilment: 'shipped',
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
    });
    const link = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(shopperEmail) && m.subject.includes('has shipped'),
    );
    expect(mail.text).toContain('1Z999AA10123456784');
    expect(mail.html).toContain(link);
    expect(mail.text).toContain(`${t.url}/account/orders/${reference}`);
    expect((await shopper.get('/account')).text).toContain(link);
    expect((await shopper.get(`/account/orders/${reference}`)).text).toContain(link);

    // Once only: shipping again is refused and changes nothing.
    expect(
      (
        await postForm(t, staff.client, path, {
          intent: 'ship',
          carrier: 'usps',
          trackingNumber: '9400111899223333444455',
        })
      ).status,
    ).toBe(409);
    expect((await order(reference)).carrier).toBe('ups');
    expect((await postForm(t, staff.client, path, { intent: 'deliver' })).status).toBe(200);
    expect((await order(reference)).fulfilment).toBe('delivered');
    expect((await audit(reference)).map((a) => a.action)).toEqual([
      'order.pack',
      'order.ship',
      'order.deliver',
    ]);
  });

  it('refunds once when the same refund is sent twice at once, and returns the units to stock', async () => {
    const { reference } = await paidOrder();
    const path = `/admin/orders/${reference}`;
    const [a, b] = [await onHand(PRODUCT_A.id), await onHand(PRODUCT_B.id)];
    const key = refundKey();
    const both = await Promise.all([
      postForm(t, staff.client, path, { intent: 'refund', scope: 'all', key }),
      postForm(t, staff.client, path, { intent: 'refund', scope: 'all', key }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const other = await postForm(t, staff.client, path, { intent: 'refund', scope: 'all', key: refundKey() });
    expect(other.status).toBe(409);
    const row = await order(reference);
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', row.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'succeeded', amount: row.total, kind: 'void' });
    expect(row).toMatchObject({ status: 'refunded', refunded_total: row.total, stock_held: 0 });
    expect(await onHand(PRODUCT_A.id)).toBe(a + 2);
    expect(await onHand(PRODUCT_B.id)).toBe(b + 1);
    const moves = await db()
      .selectFrom('stock_movements')
      .selectAll()
      .where('order_id', '=', row.id)
      .execute();
    expect(moves.map((m) => [m.product_id, m.delta]).sort()).toEqual(
      [
        [PRODUCT_A.id, 2],
        [PRODUCT_B.id, 1],
      ].sort(),
    );
    const mail = await t.smtp.waitFor(
      (m) =>
        m.to.includes(shopperEmail) && m.subject.includes(`Refund for your MediSupply order ${reference}`),
    );
    expect(mail.text).toContain('Your order has been refunded');
    expect((await audit(reference)).filter((entry) => entry.action === 'order.refund')).toHaveLength(1);
    expect((await shopper.get('/account')).text).toContain('Refunded');
  });

  it('refunds two different refunds of the whole order at once only once', async () => {
    const { reference } = await paidOrder();
    const path = `/admin/orders/${reference}`;
    const answers = await Promise.all(
      [refundKey(), refundKey(), refundKey()].map((key) =>
        postForm(t, staff.client, path, { intent: 'refund', scope: 'all', key }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const row = await order(reference);
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', row.id).execute();
    expect(refunds.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    expect(Number(row.refunded_total)).toBe(row.total);
  });

  it('refunds line by line: the units back in stock, the amount their share, the order still paid', async () => {
    const { reference } = await paidOrder();
    const path = `/admin/orders/${reference}`;
    const row = await order(reference);
    const items = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', row.id)
      .orderBy('position')
      .execute();
    const lineA = items.find((i) => i.product_id === PRODUCT_A.id)!;
    const before = await onHand(PRODUCT_A.id);
    const tooMany = await postForm(t, staff.client, path, {
      intent: 'refund',
      key: refundKey(),
      [`qty-${lineA.id}`]: '3',
    });
    expect(tooMany.status).toBe(409);
    expect(await onHand(PRODUCT_A.id)).toBe(before);
    const refunded = await postForm(t, staff.client, path, {
      intent: 'refund',
      key: refundKey(),
      [`qty-${lineA.id}`]: '1',
    });
    expect(refunded.status).toBe(200);
    const after = await order(reference);
    expect(after.status).toBe('paid');
    const expected = Math.round(
      (lineA.line_total * (row.subtotal - row.discount + row.tax)) / row.subtotal / 2,
    );
    expect(Number(after.refunded_total)).toBe(expected);
    expect(await onHand(PRODUCT_A.id)).toBe(before + 1);
    const item = await db()
      .selectFrom('order_items')
      .select('refunded_quantity')
      .where('id', '=', lineA.id)
      .executeTakeFirstOrThrow();
    expect(Number(item.refunded_quantity)).toBe(1);
  });

  it('cancels an unpaid order (and only an unpaid one), mailing the shopper', async () => {
    await addToCart(shopper, PRODUCT_A.id, 1);
    const { session } = await startCheckout(shopper, {});
    await sql`update orders set email = ${shopperEmail} where id = ${session.orderId}`.execute(db());
    const path = `/admin/orders/${session.reference}`;
    expect((await postForm(t, staff.client, path, { intent: 'cancel' })).status).toBe(200);
    expect(await order(session.reference)).toMatchObject({ status: 'cancelled', cancelled_by: 'staff' });
    await t.smtp.waitFor((m) => m.to.includes(shopperEmail) && m.subject.includes('has been cancelled'));
    const paid = await paidOrder();
    const refused = await postForm(t, staff.client, `/admin/orders/${paid.reference}`, { intent: 'cancel' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('refund it instead');
    expect((await order(paid.reference)).status).toBe('paid');
  });

  it('keeps notes on the timeline, and writes no audit row for a refused step', async () => {
    const { reference } = await paidOrder();
    const path = `/admin/orders/${reference}`;
    expect(
      (
        await postForm(t, staff.client, path, {
          intent: 'note',
          text: 'Customer asked for a morning delivery',
        })
      ).status,
    ).toBe(200);
    expect((await postForm(t, staff.client, path, { intent: 'note', text: '   ' })).status).toBe(400);
    expect((await postForm(t, staff.client, path, { intent: 'deliver' })).status).toBe(409);
    const page = await staff.client.get(path);
    expect(page.text).toContain('Customer asked for a morning delivery');
    expect(page.text).toContain('Visa ending in 4242');
    expect(page.text).not.toContain('4242424242424242');
    expect((await audit(reference)).map((a) => a.action)).toEqual(['order.note']);
  });

  it('keeps the audit log as written: the database refuses to change or delete a row', async () => {
    const rows = await db().selectFrom('audit_log').select('id').limit(1).execute();
    expect(rows).toHaveLength(1);
    await expect(sql`update audit_log set action = 'forged'`.execute(db())).rejects.toThrow(/audit_log/);
    await expect(sql`delete from audit_log`.execute(db())).rejects.toThrow(/audit_log/);
    const log = await staff.client.get('/admin/audit?type=order');
    expect(log.text).toContain('order.note');
  });

  it('downloads the search as CSV, formulas defused', async () => {
    await sql`update orders set ship_name = ${'=HYPERLINK("http://evil.example")'} where email = ${shopperEmail}`.execute(
      db(),
    );
    const csv = await staff.client.get(`/admin/orders.csv?q=${encodeURIComponent(shopperEmail)}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toContain('Reference');
    expect(lines.length).toBeGreaterThan(3);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it("counts today's sales and the orders waiting to ship on the dashboard", async () => {
    const { reference } = await paidOrder();
    const figures = await dashboardFigures(db());
    const paidToday = await db()
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql`total - refunded_total`).as('revenue'),
      ])
      .where('status', 'in', ['paid', 'refunded'])
      .executeTakeFirstOrThrow();
    expect(figures.periods[0]).toMatchObject({
      label: 'Today',
      orders: Number(paidToday.n),
      revenue: Number(paidToday.revenue),
    });
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily.at(-1)!.orders).toBe(Number(paidToday.n));
    expect(figures.toShip.map((o) => o.reference)).toContain(reference);
    const page = await staff.client.get('/admin');
    expect(page.status).toBe(200);
    expect(page.text).toContain(reference);
    // The revenue chart is in the page as drawn on the server, its summary naming today's total.
    expect(page.text).toMatch(
      /<svg[^>]*role="img" aria-label="Revenue by day, last 30 days: revenue by day from /,
    );
    expect(page.text).toContain('<text class="tick" x="-0.5em"');
  });

  it('cancels each abandoned order once when two instances sweep at the same moment', async () => {
    const other = openDatabase(t.db.url);
    try {
      const references: string[] = [];
      for (let i = 0; i < 6; i++) {
        const { session } = await startCheckout(createClient(t.url), {
          items: [{ productId: PRODUCT_B.id, quantity: 1 }],
        });
        references.push(session.reference);
      }
      await sql`update orders set created_at = created_at - ${2 * 3_600_000} where reference in (${sql.join(references)})`.execute(
        db(),
      );
      const [one, two] = await Promise.all([
        sweepAbandonedOrders(db(), 60 * 60_000),
        sweepAbandonedOrders(other.db, 60 * 60_000),
      ]);
      const ids = [...one.cancelled, ...two.cancelled];
      expect(new Set(ids).size).toBe(ids.length);
      const rows = await db()
        .selectFrom('orders')
        .select(['id', 'status', 'cancelled_by'])
        .where('reference', 'in', references)
        .execute();
      expect(rows.every((r) => r.status === 'cancelled' && r.cancelled_by === 'system')).toBe(true);
      expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
      const events = await db()
        .selectFrom('order_events')
        .select('order_id')
        .where('kind', '=', 'cancelled')
        .where(
          'order_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      expect(events).toHaveLength(rows.length);
    } finally {
      await other.close();
    }
  });
});
