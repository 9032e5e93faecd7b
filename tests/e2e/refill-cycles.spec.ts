import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { addDays, formatDay } from '../../app/commerce/refills/refill-dates';
import { storeDate } from '../../app/lib/store-time';
import { operatorArgv } from '../support/operator-commands';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { confirmedAccount, OREGON_ADDRESS, signIn } from './support/shop';
import { makeStaff } from './support/staff-role';

/**
 * Issue 35, point 6, end to end (docs/decisions/0065): a shopper's plan for CPAP cushions every
 * 4 weeks (with the prescription they were approved for before); the scheduler, run by `npm run refills:run -- --date` (the test clock), mails the
 * reminder 3 days before, then on the day places the order, which the shopper finds paid in
 * the account, charged once at the processor; the next reminder's skip link skips exactly that
 * delivery (by keyboard, no sign-in needed), and nothing is ordered on the skipped day.
 */
const CUSHION = 'fisher-paykel-evora-full-face-mask-cushion';
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** One scheduler pass as of `date`, as an operator (or the tests' clock) runs it. */
function runScheduler(date: string, baseURL: string): string {
  return execFileSync(process.execPath, operatorArgv('refills:run', ['--date', date]), {
    env: {
      ...process.env,
      DATABASE_URL: `file:${path.join(DATA_DIR, 'store.db')}`,
      DATA_DIR,
      APP_URL: baseURL,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
}

/** Reads the e2e store's SQLite file: where the test gateway's ledger counts the charges. */
function storeQuery<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(DATA_DIR, 'store.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * The cushion needs a prescription: the shopper's earlier cushion order, with the prescriber's
 * details given at checkout (the checkout's own API), approved by a member of staff.
 */
async function approvedCushionOrder(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  email: string,
) {
  const headers = { Origin: new URL(baseURL).origin };
  const add = await page.request.post('/cart', {
    form: { intent: 'add', productId: CUSHION, quantity: 1 },
    headers: { ...headers, Accept: 'application/json' },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const checkout = await page.request.post('/api/checkout', {
    data: { paymentMethod: 'card', address: OREGON_ADDRESS },
    headers,
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const session = (await checkout.json()) as { orderId: string; reference: string };
  const prescription = await page.request.post(`/api/prescriptions/${session.orderId}`, {
    multipart: { kind: 'prescriber', prescriberName: 'Dr. Ana Ruiz', prescriberPhone: '(503) 555-0199' },
    headers,
  });
  expect(prescription.status(), await prescription.text()).toBe(201);
  const paid = await page.request.post(`/api/checkout/${session.orderId}/pay`, {
    data: {
      paymentMethod: 'card',
      cardNumber: '4242424242424242',
      cardExpiryMonth: '12',
      cardExpiryYear: YEAR,
      cardCode: '123',
      cardholderName: 'Remy Tester',
      email,
    },
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const staff = await confirmedAccount(request, baseURL, 'Sam');
  const console = await browser.newContext({ baseURL });
  const staffPage = await console.newPage();
  await signIn(staffPage, staff);
  makeStaff(staff.email);
  const approved = await staffPage.request.post(`/admin/orders/${session.reference}`, {
    form: { intent: 'approve-prescription' },
    headers,
    maxRedirects: 0,
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await console.close();
}

test('the scheduler reminds, orders and charges a cushion refill once; the mail skips exactly one delivery', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  // The test clock moves the whole store's scheduler: two projects at once would each place
  // and charge the other's deliveries on their own dates.
  test.skip(testInfo.project.name !== 'desktop', "the store's scheduler clock: run once");
  test.setTimeout(150_000);
  const account = await confirmedAccount(request, baseURL!, 'Remy');
  await signIn(page, account);
  await approvedCushionOrder(page, browser, request, baseURL!, account.email);
  const today = storeDate(Date.now());
  const first = addDays(today, 5);
  // The plans' own subscribe form (its page is refill-plans.spec's), posted as the browser does.
  const created = await page.request.post('/account/refills/new', {
    form: {
      intent: 'subscribe',
      productId: CUSHION,
      quantity: '2',
      weeks: '4',
      firstDate: first,
      shipping: 'standard',
      addressId: '',
      ...OREGON_ADDRESS,
      cardNumber: '4242424242424242',
      cardExpiryMonth: '12',
      cardExpiryYear: YEAR,
      cardCode: '123',
      cardholderName: 'Remy Tester',
    },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  const planId = /created=([0-9a-f-]{36})/.exec(created.headers().location ?? '')![1]!;

  // 3 days before: the reminder, with its one-click links.
  const reminded = runScheduler(addDays(first, -3), baseURL!);
  expect(reminded).toMatch(/reminders [1-9]/);
  const reminder = await waitForMail(account.email, `Your next refill is on ${formatDay(first)}`);
  expect(reminder.text).toContain('2 x Fisher & Paykel Evora Full Face Mask Replacement Cushion');
  const firstSkip = reminder.links.find((link) => /\/refills\/[0-9a-f-]{36}\/skip\?key=/.test(link))!;
  const firstCycle = /refills\/([0-9a-f-]{36})\//.exec(firstSkip)![1]!;

  // The day: the order, paid, in the shopper's account; one charge at the processor.
  runScheduler(first, baseURL!);
  const [order] = storeQuery<{ reference: string; status: string; total: number }>(
    'select o.reference, o.status, o.total from orders o join refill_cycles c on c.order_id = o.id where c.id = ?',
    firstCycle,
  );
  expect(order).toMatchObject({ status: 'paid' });
  const charged = () =>
    storeQuery<{ key: string; amount: number }>(
      `select g.idempotency_key as key, g.amount from test_gateway_charges g
         join refill_cycles c on g.idempotency_key like 'refill:' || c.id || ':%'
        where c.plan_id = ? and g.transaction_id is not null`,
      planId,
    );
  expect(charged()).toEqual([{ key: `refill:${firstCycle}:1`, amount: order!.total }]);
  await page.goto('/account');
  const placed = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Order ${order!.reference}` }) });
  await expect(placed).toContainText('Paid');
  await expect(placed).toContainText('Fisher & Paykel Evora Full Face Mask Replacement Cushion');
  await waitForMail(account.email, `Your MediSupply order ${order!.reference}`);
  // Its reminder's links are spent: the delivery is on its way.
  await page.goto(new URL(firstSkip).pathname + new URL(firstSkip).search);
  await expect(page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();

  // The next delivery's reminder: its skip link, opened from the mail (no sign-in needed).
  const second = addDays(first, 28);
  runScheduler(addDays(second, -3), baseURL!);
  const next = await waitForMail(account.email, `Your next refill is on ${formatDay(second)}`);
  const skip = new URL(next.links.find((link) => /\/refills\/[0-9a-f-]{36}\/skip\?key=/.test(link))!);
  const guest = await page.context().browser()!.newContext({ baseURL });
  const mailPage = await guest.newPage();
  await mailPage.goto(skip.pathname + skip.search);
  await expect(mailPage.getByRole('heading', { level: 1, name: 'Skip a delivery' })).toBeVisible();
  await expect(mailPage.getByRole('main')).toContainText(`Your next delivery is on ${formatDay(second)}`);
  await expectNoSeriousA11yViolations(mailPage);
  // Opening the link changed nothing.
  expect(
    storeQuery<{ next_date: string }>('select next_date from refill_plans where id = ?', planId),
  ).toEqual([{ next_date: second }]);
  const button = mailPage.getByRole('button', { name: 'Skip this delivery' });
  await button.focus();
  await mailPage.keyboard.press('Enter');
  const done = mailPage.getByRole('heading', { name: 'Delivery skipped' });
  await expect(done).toBeVisible();
  await expect(mailPage.getByRole('main')).toContainText(
    `Your next delivery is on ${formatDay(addDays(second, 28))}`,
  );
  await expectNoSeriousA11yViolations(mailPage);
  await guest.close();

  // The skipped day: nothing ordered, nothing charged; the plan moved on by one interval.
  runScheduler(second, baseURL!);
  expect(
    storeQuery<{ next_date: string }>('select next_date from refill_plans where id = ?', planId),
  ).toEqual([{ next_date: addDays(second, 28) }]);
  expect(
    storeQuery<{ due_date: string; status: string; order_id: string | null }>(
      'select due_date, status, order_id from refill_cycles where plan_id = ? order by due_date',
      planId,
    ).map((cycle) => [cycle.due_date, cycle.status, cycle.order_id === null]),
  ).toEqual([
    [first, 'charged', false],
    [second, 'skipped', true],
    [addDays(second, 28), 'scheduled', true],
  ]);
  expect(charged()).toHaveLength(1);
  await page.goto('/account/refills');
  await expect(page.getByRole('main')).toContainText(formatDay(addDays(second, 28)));
});
