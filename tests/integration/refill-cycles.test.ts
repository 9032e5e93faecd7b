import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../app/commerce/refills/refill-dates';
import type { ReceivedMail } from '../support/smtp-receiver';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  approvedCharges,
  CARD_DECLINES,
  createPlan,
  cyclesOf,
  ordersOfPlan,
  passOn,
  planOf,
  refillProduct,
  setProduct,
} from './refill-cycles-support';

/**
 * The refill scheduler (docs/decisions/0065) on both engines, with the test clock: the reminder
 * once, 3 days before; the due cycle's order placed, paid and charged once (counted at the
 * gateway's ledger); a decline tried again after 1, 3 and 7 days, then the plan paused; a
 * product out of stock holds the cycle until it is back; a price change mailed once, before.
 */
describe.each(testEngines)('refill cycles on %s', (engine) => {
  let t: TestServer;
  const db = () => t.server.services.database.db;
  const services = () => t.server.services;
  const mailsTo = async (email: string, subject?: RegExp) => {
    await t.settled();
    return t.smtp.messages.filter(
      (m: ReceivedMail) => m.to.includes(email) && (!subject || subject.test(m.subject)),
    );
  };

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reminds once 3 days before, then places and charges the cycle once on its date', async () => {
    const product = refillProduct(0);
    const plan = await createPlan(t, {
      nextDate: '2027-05-10',
      lines: [{ productId: product.id, quantity: 2 }],
    });
    // 4 days before: nothing yet.
    await passOn(services(), '2027-05-06');
    expect(await mailsTo(plan.email, /refill/i)).toHaveLength(0);
    // 3 days before, two passes at once: one reminder.
    const [first, second] = await Promise.all([
      passOn(services(), '2027-05-07'),
      passOn(services(), '2027-05-07'),
    ]);
    expect(first.reminders + second.reminders).toBe(1);
    await passOn(services(), '2027-05-08');
    const reminders = await mailsTo(plan.email, /Your next refill is on May 10, 2027/);
    expect(reminders).toHaveLength(1);
    const text = reminders[0]!.text;
    expect(text).toContain(`2 x ${product.name}`);
    for (const label of ['Skip this delivery', 'Change the date of this delivery', 'Cancel my refill plan']) {
      expect(text).toContain(`${label}:\n${t.url}/refills/${plan.cycleId}/`);
    }
    // The due date, two passes at once: one order, paid, one charge at the processor.
    const passes = await Promise.all([passOn(services(), '2027-05-10'), passOn(services(), '2027-05-10')]);
    expect(passes.reduce((sum, pass) => sum + pass.placed, 0)).toBe(1);
    const orders = await ordersOfPlan(db(), plan.planId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 'paid',
      total: expect.any(Number),
      card_last4: '4242',
      card_brand: 'visa',
    });
    expect(orders[0]!.subtotal).toBe(product.price * 2);
    const charges = await approvedCharges(db(), [plan.cycleId]);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amount: orders[0]!.total,
      idempotency_key: `refill:${plan.cycleId}:1`,
    });
    expect(await cyclesOf(db(), plan.planId)).toMatchObject([
      { due_date: '2027-05-10', status: 'charged', attempts: 1, transaction_id: charges[0]!.transaction_id },
      { due_date: '2027-06-07', status: 'scheduled' },
    ]);
    expect((await planOf(db(), plan.planId)).next_date).toBe('2027-06-07');
    expect(await mailsTo(plan.email, new RegExp(`order ${orders[0]!.reference}`))).toHaveLength(1);
    // A later pass of the same day, and of the next: nothing more is charged.
    await passOn(services(), '2027-05-10');
    await passOn(services(), '2027-05-11');
    expect(await approvedCharges(db(), [plan.cycleId])).toHaveLength(1);
    expect(await ordersOfPlan(db(), plan.planId)).toHaveLength(1);
  });

  it('a charge whose answer was lost is asked again under the same key: one charge', async () => {
    const product = refillProduct(1);
    const plan = await createPlan(t, {
      nextDate: '2027-05-12',
      lines: [{ productId: product.id, quantity: 1 }],
    });
    const vault = services().payments.vault!;
    const real = vault.chargeSavedCard.bind(vault);
    // The processor charges, then the answer never arrives (the job fails and is retried).
    (vault as { chargeSavedCard: typeof real }).chargeSavedCard = async (request) => {
      await real(request);
      throw new Error('connection reset');
    };
    try {
      const failed = await passOn(services(), '2027-05-12');
      expect(failed.errors).toBe(1);
    } finally {
      (vault as { chargeSavedCard: typeof real }).chargeSavedCard = real;
    }
    expect((await cyclesOf(db(), plan.planId))[0]).toMatchObject({ status: 'placed', attempts: 0 });
    expect(await approvedCharges(db(), [plan.cycleId])).toHaveLength(1);
    // The retry: the same key, the processor's first answer, recorded once.
    const retried = await passOn(services(), '2027-05-12');
    expect(retried.charged).toBe(1);
    await passOn(services(), '2027-05-12');
    expect(await approvedCharges(db(), [plan.cycleId])).toHaveLength(1);
    const orders = await ordersOfPlan(db(), plan.planId);
    expect(orders.map((order) => order.status)).toEqual(['paid']);
    expect((await cyclesOf(db(), plan.planId))[0]).toMatchObject({ status: 'charged', attempts: 1 });
  });

  it('tries a declined card again after 1, 3 and 7 days, then pauses the plan and says so', async () => {
    const product = refillProduct(2);
    const plan = await createPlan(t, {
      nextDate: '2027-06-01',
      lines: [{ productId: product.id, quantity: 1 }],
      card: CARD_DECLINES,
    });
    const state = async () => (await cyclesOf(db(), plan.planId))[0]!;
    await passOn(services(), '2027-06-01');
    expect(await state()).toMatchObject({
      status: 'declined',
      attempts: 1,
      message: 'Your card was declined.',
    });
    expect(await mailsTo(plan.email, /could not charge/)).toHaveLength(1);
    // Not before its day.
    await passOn(services(), '2027-06-01');
    expect((await state()).attempts).toBe(1);
    for (const [date, attempts] of [
      ['2027-06-02', 2],
      ['2027-06-03', 2],
      ['2027-06-04', 3],
      ['2027-06-07', 3],
    ] as const) {
      await passOn(services(), date);
      expect((await state()).attempts, date).toBe(attempts);
    }
    await passOn(services(), '2027-06-08');
    expect(await state()).toMatchObject({ status: 'failed', attempts: 4, next_attempt_at: null });
    expect(await planOf(db(), plan.planId)).toMatchObject({ status: 'paused', changed_by: 'system' });
    await passOn(services(), '2027-06-20');
    expect((await state()).attempts).toBe(4);
    expect(await mailsTo(plan.email, /could not charge/)).toHaveLength(3);
    const paused = await mailsTo(plan.email, /refill plan is paused/);
    expect(paused).toHaveLength(1);
    expect(paused[0]!.text).toContain('tried four times');
    // Four attempts under four keys at the processor, none approved; the order stays unpaid.
    const ledger = await db()
      .selectFrom('test_gateway_charges')
      .select(['idempotency_key', 'transaction_id'])
      .where('idempotency_key', 'like', `refill:${plan.cycleId}:%`)
      .orderBy('idempotency_key')
      .execute();
    expect(ledger.map((row) => [row.idempotency_key.split(':')[2], row.transaction_id])).toEqual([
      ['1', null],
      ['2', null],
      ['3', null],
      ['4', null],
    ]);
    expect((await ordersOfPlan(db(), plan.planId)).map((order) => order.status)).toEqual(['failed']);
  });

  it('waits for stock, says what is missing, and goes when it is back', async () => {
    const product = refillProduct(3);
    const plan = await createPlan(t, {
      nextDate: '2027-07-01',
      lines: [{ productId: product.id, quantity: 3 }],
    });
    await setProduct(services(), product.id, { onHand: 1 });
    try {
      await passOn(services(), '2027-07-01');
      await passOn(services(), '2027-07-02');
      expect((await cyclesOf(db(), plan.planId))[0]).toMatchObject({
        status: 'waiting_stock',
        order_id: null,
        message: `${product.name} is out of stock.`,
      });
      const delayed = await mailsTo(plan.email, /refill is delayed/);
      expect(delayed).toHaveLength(1);
      expect(delayed[0]!.text).toContain(`${product.name} is out of stock.`);
      expect(await ordersOfPlan(db(), plan.planId)).toHaveLength(0);
    } finally {
      await setProduct(services(), product.id, { onHand: 500 });
    }
    await passOn(services(), '2027-07-03');
    expect(await cyclesOf(db(), plan.planId)).toMatchObject([
      { due_date: '2027-07-01', status: 'charged' },
      // The rhythm keeps to the cycle's own date.
      { due_date: '2027-07-29', status: 'scheduled' },
    ]);
    expect(await approvedCharges(db(), [plan.cycleId])).toHaveLength(1);
    const stock = await db()
      .selectFrom('inventory')
      .select('on_hand')
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(Number(stock.on_hand)).toBe(497);
  });

  it('mails a price change once, before the cycle, and charges the new price', async () => {
    const product = refillProduct(4);
    const plan = await createPlan(t, {
      nextDate: '2027-08-10',
      lines: [{ productId: product.id, quantity: 1 }],
    });
    const newPrice = product.price + 500;
    await setProduct(services(), product.id, { price: newPrice });
    try {
      await passOn(services(), '2027-08-05');
      expect(await mailsTo(plan.email, /price/)).toHaveLength(0);
      await Promise.all([passOn(services(), '2027-08-07'), passOn(services(), '2027-08-07')]);
      await passOn(services(), '2027-08-08');
      const notices = await mailsTo(plan.email, /price in your refill has changed/);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain(product.name);
      const line = await db()
        .selectFrom('refill_plan_lines')
        .select('unit_price')
        .where('plan_id', '=', plan.planId)
        .executeTakeFirstOrThrow();
      expect(line.unit_price).toBe(newPrice);
      await passOn(services(), '2027-08-10');
      const [order] = await ordersOfPlan(db(), plan.planId);
      expect(order).toMatchObject({ status: 'paid', subtotal: newPrice });
    } finally {
      await setProduct(services(), product.id, { price: product.price });
    }
  });

  it('a rise found on the due date moves the cycle 3 days, told first', async () => {
    const product = refillProduct(5);
    const plan = await createPlan(t, {
      nextDate: '2027-09-10',
      lines: [{ productId: product.id, quantity: 1 }],
    });
    await passOn(services(), '2027-09-07');
    await setProduct(services(), product.id, { price: product.price + 100 });
    try {
      await passOn(services(), '2027-09-10');
      expect(await ordersOfPlan(db(), plan.planId)).toHaveLength(0);
      expect((await planOf(db(), plan.planId)).next_date).toBe(addDays('2027-09-10', 3));
      expect(await mailsTo(plan.email, /price in your refill has changed/)).toHaveLength(1);
      await passOn(services(), '2027-09-13');
      expect((await ordersOfPlan(db(), plan.planId)).map((o) => o.status)).toEqual(['paid']);
    } finally {
      await setProduct(services(), product.id, { price: product.price });
    }
  });
});
