import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../app/commerce/refills/refill-dates';
import { storeDate } from '../../app/lib/store-time';
import { signedInClient } from '../support/accounts';
import { CARDS } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { CHARGE_DECLINING_CARD, cardFields, subscribe, userIdOf } from '../support/refills';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 35, points 5 and 7: what a shopper does to their plans on /account/refills, what staff
 * do on the customer's console page (always with a reason, audited), and what deleting the
 * account does to them; forms posted as a browser posts them, over real HTTP.
 */
describe.each(testEngines)('refill plans after they are set up, on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const forgotten: string[] = [];
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    // The processor's side: which saved cards the store asked it to forget.
    const vault = t.server.services.payments.vault!;
    const forget = vault.forgetCard.bind(vault);
    vault.forgetCard = (token) => {
      forgotten.push(token);
      return forget(token);
    };
  });
  afterAll(async () => t.close());

  const planOf = (id: string) =>
    db().selectFrom('refill_plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const cyclesOf = (id: string) =>
    db()
      .selectFrom('refill_cycles')
      .select(['due_date', 'status'])
      .where('plan_id', '=', id)
      .orderBy('due_date')
      .execute();
  const act = (client: TestClient, intent: string, planId: string, fields: Record<string, string> = {}) =>
    postForm(t, client, '/account/refills', { intent, planId, ...fields });

  async function shopperWithPlan(name: string) {
    const { client, email } = await signedInClient(t.url, name);
    const created = await subscribe(t, client);
    expect(created.status).toBe(302);
    return { client, email, planId: created.planId!, userId: await userIdOf(client) };
  }

  it('skips the next delivery, moves it, pauses and resumes the plan', async () => {
    const { client, planId } = await shopperWithPlan('Ada');
    const first = (await planOf(planId)).next_date;
    // The page's button names the delivery it shows: pressed twice, it skips that one only.
    const shown = /name="cycleId" value="([0-9a-f-]{36})"/.exec(
      (await client.get('/account/refills')).text,
    )![1]!;
    const skipped = await act(client, 'skip', planId, { cycleId: shown });
    expect(skipped.status).toBe(200);
    const again = await act(client, 'skip', planId, { cycleId: shown });
    expect(again.status).toBe(409);
    expect(again.text).toContain('This delivery was already skipped, moved on or sent.');
    expect((await planOf(planId)).next_date).toBe(addDays(first, 28));
    expect(await cyclesOf(planId)).toEqual([
      { due_date: first, status: 'skipped' },
      { due_date: addDays(first, 28), status: 'scheduled' },
    ]);

    const to = addDays(storeDate(Date.now()), 10);
    expect((await act(client, 'move', planId, { nextDate: to })).status).toBe(200);
    expect((await planOf(planId)).next_date).toBe(to);
    const tooSoon = await act(client, 'move', planId, { nextDate: storeDate(Date.now()) });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.text).toContain('Choose a date from tomorrow to a year from today.');
    expect((await planOf(planId)).next_date).toBe(to);

    expect((await act(client, 'pause', planId, { reason: 'Away for a month' })).status).toBe(200);
    expect(await planOf(planId)).toMatchObject({
      status: 'paused',
      reason: 'Away for a month',
      changed_by: 'shopper',
    });
    const page = await client.get('/account/refills');
    expect(page.text).toContain('Paused by you: Away for a month');
    expect((await act(client, 'skip', planId)).status).toBe(409);
    expect((await act(client, 'resume', planId)).status).toBe(200);
    expect(await planOf(planId)).toMatchObject({ status: 'active', reason: null });
  });

  it('gives the plan another card and forgets the old one; cancels it and forgets that one', async () => {
    const { client, planId } = await shopperWithPlan('Bo');
    const before = await planOf(planId);
    const refused = await act(client, 'card', planId, cardFields('4242'));
    expect(refused.status).toBe(400);
    expect((await planOf(planId)).card_token).toBe(before.card_token);

    const changed = await act(client, 'card', planId, cardFields(CARDS.visa2));
    expect(changed.status).toBe(200);
    const after = await planOf(planId);
    expect(after).toMatchObject({ card_last4: '1111', card_brand: 'Visa' });
    expect(after.card_token).not.toBe(before.card_token);
    expect(forgotten).toContain(before.card_token);

    const cancelled = await act(client, 'cancel', planId, { reason: 'No longer needed' });
    expect(cancelled.status).toBe(200);
    expect(await planOf(planId)).toMatchObject({
      status: 'cancelled',
      card_token: null,
      changed_by: 'shopper',
    });
    expect(forgotten).toContain(after.card_token);
    expect((await cyclesOf(planId)).map((c) => c.status)).toEqual(['cancelled']);
    // Cancelled is final.
    expect((await act(client, 'resume', planId)).status).toBe(409);
    expect((await act(client, 'card', planId, cardFields())).status).toBe(409);
  });

  it("answers 404 for another shopper's plan and changes nothing", async () => {
    const { planId } = await shopperWithPlan('Cy');
    const before = await planOf(planId);
    const { client: mallory } = await signedInClient(t.url, 'Mallory');
    for (const [intent, fields] of [
      ['skip', {}],
      ['move', { nextDate: addDays(storeDate(Date.now()), 9) }],
      ['pause', {}],
      ['cancel', {}],
      ['card', cardFields(CARDS.visa2)],
    ] as const) {
      const refused = await act(mallory, intent, planId, fields);
      expect(refused.status, intent).toBe(404);
    }
    expect((await act(mallory, 'skip', 'not-a-plan')).status).toBe(404);
    expect(await planOf(planId)).toEqual(before);
    expect((await mallory.get('/account/refills')).text).toContain('You have no refill plans yet.');
  });

  it('lets staff pause, resume and cancel a plan only with a reason, each audited', async () => {
    const { planId, userId } = await shopperWithPlan('Dee');
    const page = `/admin/customers/${userId}`;
    const shown = await staff.client.get(page);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Refill plans');
    expect(shown.text).toContain('Visa ending in 4242');

    const noReason = await postForm(t, staff.client, page, { intent: 'refill-pause', planId, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain('Give the reason for this change');
    expect((await planOf(planId)).status).toBe('active');

    const reason = 'Card reported stolen by the customer on the phone';
    expect((await postForm(t, staff.client, page, { intent: 'refill-pause', planId, reason })).status).toBe(
      200,
    );
    expect(await planOf(planId)).toMatchObject({ status: 'paused', reason, changed_by: 'staff' });
    expect(
      (await postForm(t, staff.client, page, { intent: 'refill-resume', planId, reason: 'New card on file' }))
        .status,
    ).toBe(200);
    const token = (await planOf(planId)).card_token;
    expect(
      (
        await postForm(t, staff.client, page, {
          intent: 'refill-cancel',
          planId,
          reason: 'Customer asked by phone',
        })
      ).status,
    ).toBe(200);
    expect(await planOf(planId)).toMatchObject({
      status: 'cancelled',
      changed_by: 'staff',
      card_token: null,
    });
    expect(forgotten).toContain(token);

    const audits = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'target_type', 'after'])
      .where('target_id', '=', planId)
      .orderBy('at')
      .execute();
    expect(audits.map((a) => [a.action, a.actor_email, a.target_type])).toEqual([
      ['refill_plan.pause', staff.email, 'refill_plan'],
      ['refill_plan.resume', staff.email, 'refill_plan'],
      ['refill_plan.cancel', staff.email, 'refill_plan'],
    ]);
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({ reason });
    // The customer reads who changed it and why.
    expect((await staff.client.get(page)).text).toContain('Cancelled by our team: Customer asked by phone');
  });

  it("refuses staff a plan of another customer, and refuses customers the console's forms", async () => {
    const { planId } = await shopperWithPlan('Eli');
    const { userId: otherId, client: customer } = await shopperWithPlan('Fay');
    const elsewhere = await postForm(t, staff.client, `/admin/customers/${otherId}`, {
      intent: 'refill-cancel',
      planId,
      reason: 'Wrong page',
    });
    expect(elsewhere.status).toBe(404);
    const byCustomer = await postForm(t, customer, `/admin/customers/${otherId}`, {
      intent: 'refill-cancel',
      planId,
      reason: 'Not staff',
    });
    expect(byCustomer.status).toBe(404);
    expect((await planOf(planId)).status).toBe('active');
    expect(await db().selectFrom('audit_log').select('id').where('target_id', '=', planId).execute()).toEqual(
      [],
    );
  });

  it('puts the plans in the data download without the token, and deleting the account cancels them', async () => {
    const { client, planId, userId } = await shopperWithPlan('Gus');
    const second = await subscribe(t, client, { cardNumber: CHARGE_DECLINING_CARD, weeks: '8' });
    expect(second.status).toBe(302);
    const tokens = [(await planOf(planId)).card_token, (await planOf(second.planId!)).card_token];

    const download = await client.get('/account/data');
    expect(download.status).toBe(200);
    const data = JSON.parse(download.text) as {
      refillPlans: { id: string; card: unknown; lines: unknown[] }[];
    };
    expect(data.refillPlans.map((p) => p.id).sort()).toEqual([planId, second.planId].sort());
    expect(data.refillPlans.find((p) => p.id === planId)).toMatchObject({
      status: 'active',
      everyWeeks: 4,
      card: { brand: 'Visa', last4: '4242' },
      lines: [{ productId: 'fisher-paykel-evora-full-face-mask-cushion', quantity: 2 }],
    });
    for (const token of tokens) expect(download.text).not.toContain(token!);

    const deleted = await postForm(t, client, '/account', { intent: 'delete-account', confirm: 'yes' });
    expect(deleted.status).toBe(302);
    const plans = await db().selectFrom('refill_plans').selectAll().where('user_id', '=', userId).execute();
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toMatchObject({
        status: 'cancelled',
        card_token: null,
        ship_name: '',
        ship_line1: '',
        ship_phone: '',
      });
      expect((await cyclesOf(plan.id)).every((c) => c.status === 'cancelled')).toBe(true);
    }
    for (const token of tokens) expect(forgotten).toContain(token);
  });
});
