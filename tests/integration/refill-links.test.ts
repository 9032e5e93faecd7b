import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDay } from '../../app/commerce/refills/refill-dates';
import { storeDate } from '../../app/lib/store-time';
import type { ReceivedMail } from '../support/smtp-receiver';
import { postForm, staffClient } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  CARD_DECLINES,
  createPlan,
  cyclesOf,
  ordersOfPlan,
  passOn,
  planOf,
  refillProduct,
} from './refill-cycles-support';

/**
 * The reminder mail's one-click links (docs/decisions/0065) over HTTP, both engines: opening a
 * link changes nothing; its one button skips exactly one cycle, moves the date (within range) or
 * cancels the plan, without signing in; a tampered link, another action's key or a link whose
 * cycle has moved on is refused, saying so, and changes nothing. And the console's refill page.
 */
describe.each(testEngines)('refill links and console on %s', (engine) => {
  let t: TestServer;
  const db = () => t.server.services.database.db;
  // Real days from today: the pages judge a new date by the real clock.
  const today = storeDate(Date.now());
  const due = addDays(today, 5);

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A plan reminded of its next cycle: the reminder's three links, by label. */
  async function remindedPlan(productIndex: number) {
    const plan = await createPlan(t, {
      nextDate: due,
      lines: [{ productId: refillProduct(productIndex).id, quantity: 1 }],
    });
    await passOn(t.server.services, addDays(due, -3));
    const mail = await t.smtp.waitFor(
      (m: ReceivedMail) => m.to.includes(plan.email) && m.subject.startsWith('Your next refill'),
    );
    const link = (label: string) => {
      const match = new RegExp(`${label}:\\n(\\S+)`).exec(mail.text);
      if (!match?.[1]) throw new Error(`no ${label} link`);
      return new URL(match[1]);
    };
    return {
      ...plan,
      skip: link('Skip this delivery'),
      date: link('Change the date of this delivery'),
      cancel: link('Cancel my refill plan'),
    };
  }
  const open = (url: URL) => fetch(url, { redirect: 'manual' });
  const post = (url: URL, fields: Record<string, string>, origin?: string | null) =>
    postForm(
      t,
      null,
      url.pathname + url.search,
      { key: url.searchParams.get('key') ?? '', ...fields },
      origin,
    );

  it('skips exactly one cycle from the mail, once, without signing in', async () => {
    const plan = await remindedPlan(0);
    expect(plan.skip.origin).toBe(t.url);
    // Opening it (a mail scanner does) shows the button and changes nothing.
    const page = await open(plan.skip);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain('Skip this delivery');
    expect((await planOf(db(), plan.planId)).next_date).toBe(due);
    // From another site: refused by the origin check.
    expect((await post(plan.skip, {}, 'https://evil.example')).status).toBe(403);
    const skipped = await post(plan.skip, {});
    expect(skipped.status).toBe(200);
    expect(skipped.text).toContain('Delivery skipped');
    expect((await planOf(db(), plan.planId)).next_date).toBe(addDays(due, 28));
    expect((await cyclesOf(db(), plan.planId)).map((c) => [c.due_date, c.status])).toEqual([
      [due, 'skipped'],
      [addDays(due, 28), 'scheduled'],
    ]);
    // The same link again, and its other links: no longer valid, nothing more skipped.
    const again = await post(plan.skip, {});
    expect(again.status).toBe(409);
    expect(again.text).toContain('no longer valid');
    expect(await (await open(plan.cancel)).text()).toContain('This link is no longer valid');
    expect((await post(plan.cancel, {})).status).toBe(409);
    expect(await planOf(db(), plan.planId)).toMatchObject({ status: 'active', next_date: addDays(due, 28) });
    // The scheduler sends nothing on the skipped date.
    await passOn(t.server.services, due);
    expect(await ordersOfPlan(db(), plan.planId)).toHaveLength(0);
  });

  it('refuses a tampered link, another action key and an unknown cycle', async () => {
    const plan = await remindedPlan(1);
    const tampered = new URL(plan.skip);
    const key = tampered.searchParams.get('key')!;
    tampered.searchParams.set('key', `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`);
    const asCancel = new URL(plan.cancel);
    asCancel.searchParams.set('key', plan.skip.searchParams.get('key')!);
    const unknown = new URL(
      plan.skip.toString().replace(plan.cycleId, '00000000-0000-4000-8000-000000000000'),
    );
    for (const url of [tampered, asCancel, unknown]) {
      expect(await (await open(url)).text()).toContain('This link is no longer valid');
      expect((await post(url, {})).status).toBe(409);
    }
    expect((await open(new URL(plan.skip.toString().replace('/skip', '/pause')))).status).toBe(404);
    expect(await planOf(db(), plan.planId)).toMatchObject({ status: 'active', next_date: due });
    expect((await cyclesOf(db(), plan.planId)).map((c) => c.status)).toEqual(['scheduled']);
  });

  it('moves the date within range, saying why a date is refused', async () => {
    const plan = await remindedPlan(2);
    const datePage = await (await open(plan.date)).text();
    expect(datePage).toContain('New delivery date');
    // The form posts back to the link itself (with its key), scripts or not.
    expect(datePage).toContain(`action="${plan.date.pathname}?key=${plan.date.searchParams.get('key')}"`);
    for (const [date, says] of [
      ['', 'Enter the new date.'],
      [today, 'from tomorrow to a year'],
      [addDays(today, 400), 'from tomorrow to a year'],
      ['2027-02-30', 'day of the calendar'],
    ]) {
      const refused = await post(plan.date, { date: date! });
      expect(refused.status, date).toBe(400);
      expect(refused.text).toContain(says!);
      expect(refused.text).toContain('aria-invalid="true"');
    }
    expect((await post(plan.date, { date: due, extra: 'x' })).status).toBe(400);
    const moved = await post(plan.date, { date: addDays(today, 9) });
    expect(moved.status).toBe(200);
    expect(moved.text).toContain('Date changed');
    expect(await cyclesOf(db(), plan.planId)).toMatchObject([
      { id: plan.cycleId, due_date: addDays(today, 9), reminded_at: null },
    ]);
    // The cycle is the same: its links still work for it.
    expect(await (await open(plan.skip)).text()).toContain('Skip this delivery');
  });

  it('cancels the plan from the mail', async () => {
    const plan = await remindedPlan(3);
    const cancelled = await post(plan.cancel, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.text).toContain('Refill plan cancelled');
    expect(await planOf(db(), plan.planId)).toMatchObject({ status: 'cancelled', changed_by: 'shopper' });
    expect((await cyclesOf(db(), plan.planId)).map((c) => c.status)).toEqual(['cancelled']);
    await passOn(t.server.services, due);
    expect(await ordersOfPlan(db(), plan.planId)).toHaveLength(0);
  });

  it("shows staff the next 30 days' deliveries and the declined charges; not customers", async () => {
    const product = refillProduct(4);
    const upcoming = await createPlan(t, {
      nextDate: addDays(today, 2),
      weeks: 1,
      lines: [{ productId: product.id, quantity: 3 }],
    });
    const declined = await createPlan(t, {
      nextDate: today,
      lines: [{ productId: refillProduct(5).id, quantity: 1 }],
      card: CARD_DECLINES,
    });
    await passOn(t.server.services, today);
    expect((await cyclesOf(db(), declined.planId))[0]!.status).toBe('declined');
    const staff = await staffClient(t, 'staff');
    const page = await staff.client.get('/admin/refills');
    expect(page.status).toBe(200);
    // React separates text parts with empty comments.
    const html = page.text.replaceAll('<!-- -->', '');
    expect(html).toContain('Deliveries in the next 30 days');
    // Weekly: the plan's next delivery and those after it within the 30 days.
    for (const weeks of [0, 1, 2, 3]) {
      expect(html).toMatch(
        new RegExp(
          `${formatDay(addDays(today, 2 + weeks * 7))}</th><td[^>]*>\\d+</td><td[^>]*><ul>(<li>[^<]*</li>)*<li>3 x ${product.name}</li>`,
        ),
      );
    }
    expect(html).toContain('Your card was declined.');
    expect(html).toContain(declined.email);
    expect(html).toContain(`/admin/customers/${declined.userId}`);
    expect(html).toContain('Declined, to be tried again');
    expect(upcoming.email).not.toBe(declined.email);
    const customer = await staffClient(t, 'customer');
    expect((await customer.client.get('/admin/refills')).status).toBe(404);
  });
});
