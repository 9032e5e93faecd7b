import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../app/commerce/refills/refill-dates';
import { cancelPlan } from '../../app/commerce/refills/refill-plan-changes.server';
import { addMonths } from '../../app/commerce/refills/refill-prescriptions.server';
import { storeDate } from '../../app/lib/store-time';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { sendPrescription } from '../support/prescription-files';
import { postForm, staffClient } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  approvedCharges,
  createPlan,
  cyclesOf,
  ordersOfPlan,
  passOn,
  refillProduct,
  userIdOf,
} from './refill-cycles-support';

/**
 * A refill's prescription line (docs/decisions/0065), both engines: covered by the shopper's
 * prescription approved on an earlier order (its claim data's date and length of need, else 12
 * months from its review), the cycle is charged;
 * not covered on a cycle's date, the shopper is mailed 30 days ahead, once, and the cycle waits.
 */
describe.each(testEngines)('refill cycles with a prescription on %s', (engine) => {
  let t: TestServer;
  const db = () => t.server.services.database.db;

  /** A shopper's order of `productId` with its prescription (and any claim data), approved. */
  async function prescribedOrder(productId: string, name: string, claim: Record<string, string> = {}) {
    const { client, email } = await signedInClient(t.url, name);
    expect((await addToCart(client, productId, 1)).status).toBe(200);
    const { session } = await startCheckout(client, { items: [] });
    const sent = await sendPrescription(t.url, client.cookieHeader(), session.orderId, {
      kind: 'prescriber',
      prescriberName: 'Dr. Ana Ruiz',
      prescriberPhone: '(503) 555-0199',
      ...claim,
    });
    expect(sent.status).toBe(201);
    expect((await pay(client, session.orderId, cardPayment(undefined, email))).status).toBe(200);
    const staff = await staffClient(t, 'staff');
    const page = `/admin/orders/${session.reference}`;
    expect((await postForm(t, staff.client, page, { intent: 'approve-prescription' })).status).toBe(200);
    return { email, userId: await userIdOf(db(), email) };
  }

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    'charges a covered cycle, mails a renewal 30 days before one that is not, and holds it',
    { timeout: 60_000 },
    async () => {
      const rx = refillProduct(0, true);
      // The shopper's earlier order of the product, with its prescription approved by staff.
      const { email, userId } = await prescribedOrder(rx.id, 'Rita');
      const today = storeDate(Date.now());
      const coveredUntil = addDays(today, 365);

      const covered = await createPlan(t, {
        userId,
        email,
        nextDate: addDays(today, 10),
        lines: [{ productId: rx.id, quantity: 1 }],
      });
      await passOn(t.server.services, addDays(today, 10));
      expect((await ordersOfPlan(db(), covered.planId)).map((o) => o.status)).toEqual(['paid']);
      expect(await approvedCharges(db(), [covered.cycleId])).toHaveLength(1);
      // Out of the way of the months the clock jumps next.
      await cancelPlan(db(), covered.planId, { by: 'shopper' });

      const due = addDays(coveredUntil, 20);
      const lapsing = await createPlan(t, {
        userId,
        email,
        nextDate: due,
        lines: [{ productId: rx.id, quantity: 1 }],
      });
      const renewals = async () => {
        await t.settled();
        return t.smtp.messages.filter(
          (m) => m.to.includes(email) && /prescription needs renewing/.test(m.subject),
        );
      };
      await passOn(t.server.services, addDays(due, -31));
      expect(await renewals()).toHaveLength(0);
      await Promise.all([
        passOn(t.server.services, addDays(due, -30)),
        passOn(t.server.services, addDays(due, -30)),
      ]);
      await passOn(t.server.services, addDays(due, -29));
      const [renewal] = await renewals();
      expect(await renewals()).toHaveLength(1);
      expect(renewal!.text).toContain(rx.name);
      // On its date: it waits, charges nothing, and is not mailed again.
      await passOn(t.server.services, due);
      await passOn(t.server.services, addDays(due, 1));
      expect((await cyclesOf(db(), lapsing.planId))[0]).toMatchObject({
        status: 'waiting_prescription',
        order_id: null,
      });
      expect(await approvedCharges(db(), [lapsing.cycleId])).toHaveLength(0);
      expect(await renewals()).toHaveLength(1);
    },
  );

  it('covers from the date of the prescription for its length of need, when the claim data gives them', async () => {
    const rx = refillProduct(0, true);
    const today = storeDate(Date.now());
    const prescribedOn = addDays(today, -30);
    const { email, userId } = await prescribedOrder(rx.id, 'Lena', { prescribedOn, lengthOfNeed: '2' });
    // Two months from the prescription's date: well short of the 12 months a review alone gives.
    const lastCovered = addDays(addMonths(prescribedOn, 2), -1);
    const inside = await createPlan(t, {
      userId,
      email,
      nextDate: lastCovered,
      lines: [{ productId: rx.id, quantity: 1 }],
    });
    await passOn(t.server.services, lastCovered);
    expect((await ordersOfPlan(db(), inside.planId)).map((o) => o.status)).toEqual(['paid']);
    await cancelPlan(db(), inside.planId, { by: 'shopper' });

    const after = await createPlan(t, {
      userId,
      email,
      nextDate: addDays(lastCovered, 1),
      lines: [{ productId: rx.id, quantity: 1 }],
    });
    await passOn(t.server.services, addDays(lastCovered, 1));
    expect((await cyclesOf(db(), after.planId))[0]).toMatchObject({
      status: 'waiting_prescription',
      order_id: null,
    });
    expect(await approvedCharges(db(), [after.cycleId])).toHaveLength(0);
  }, 60_000);
});
