import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUnsubscribeToken } from '../../app/features/newsletter/newsletter.server';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { PRODUCT_A } from '../hardening/support';
import { addToCart } from '../support/cart';

const PASSWORD = 'password-123';

/** Customers, the contact inbox, the newsletter, reports and jobs, through the console's forms. */
describe.each(testEngines)('the console, part 2, on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let admin: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff', { firstName: 'Sam' });
    admin = await staffClient(t, 'admin');
  });
  afterAll(async () => t.close());

  it('disables an account: its sessions end, it cannot sign in, its orders stay; enabled, it can again', async () => {
    const { client, email } = await signedInClient(t.url, 'Rosa');
    await addToCart(client, PRODUCT_A.id, 1);
    const { session } = await startCheckout(client, {});
    expect((await pay(client, session.orderId, cardPayment(undefined, email))).status).toBe(200);
    const userId = ((await client.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;

    const page = await staff.client.get(`/admin/customers/${userId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(session.reference);
    expect(page.text).toContain('Email and password');
    const list = await staff.client.get(`/admin/customers?q=${encodeURIComponent(email)}`);
    expect(list.text).toContain(`/admin/customers/${userId}`);

    const disabled = await postForm(t, staff.client, `/admin/customers/${userId}`, { intent: 'disable' });
    expect(disabled.status).toBe(200);
    expect(disabled.text).toContain('The account is disabled: it cannot sign in.');
    const sessions = await db()
      .selectFrom('session' as never)
      .select('id' as never)
      .where('userId' as never, '=', userId as never)
      .execute();
    expect(sessions).toEqual([]);

    const signIn = await createClient(t.url).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect(JSON.stringify(signIn.body)).toContain('This account has been disabled.');
    const form = await postForm(t, null, '/login', { intent: 'sign-in', email, password: PASSWORD });
    expect(form.text).toContain('This account has been disabled.');
    // The data stays.
    expect(
      await db().selectFrom('orders').select('reference').where('user_id', '=', userId).execute(),
    ).toHaveLength(1);

    expect((await postForm(t, staff.client, `/admin/customers/${userId}`, { intent: 'enable' })).status).toBe(
      200,
    );
    expect(
      (await createClient(t.url).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', userId)
      .orderBy('at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['customer.disable', 'customer.enable']);
  });

  it('signs a customer out everywhere, and will not touch a staff account from the customers page', async () => {
    const { client } = await signedInClient(t.url, 'Lee');
    const userId = ((await client.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;
    expect(
      (await postForm(t, staff.client, `/admin/customers/${userId}`, { intent: 'sign-out' })).status,
    ).toBe(200);
    const after = await db()
      .selectFrom('session' as never)
      .select('id' as never)
      .where('userId' as never, '=', userId as never)
      .execute();
    expect(after).toEqual([]);
    const refused = await postForm(t, staff.client, `/admin/customers/${admin.id}`, { intent: 'disable' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Staff accounts are managed on the Staff page.');
    expect((await staff.client.get(`/admin/customers/${admin.id}`)).status).toBe(404);
  });

  it('answers a contact message from the console: the sender gets the reply, the message is answered', async () => {
    const res = await pageVisitor(t.url, '198.51.100.1').post('/contact', {
      name: 'Pat Doe',
      email: `pat-${engine}@example.com`,
      message: 'Can I rent a hospital bed for two weeks?',
    });
    expect(res.status).toBe(200);
    const message = await db()
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', `pat-${engine}@example.com`)
      .executeTakeFirstOrThrow();
    const inbox = await staff.client.get('/admin/messages?status=new');
    expect(inbox.text).toContain('Can I rent a hospital bed');

    const empty = await postForm(t, staff.client, `/admin/messages/${message.id}`, {
      intent: 'reply',
      body: '   ',
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Write a reply.');
    const sent = await postForm(t, staff.client, `/admin/messages/${message.id}`, {
      intent: 'reply',
      body: 'Yes: two weeks is $180, delivered and set up.',
    });
    expect(sent.status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(`pat-${engine}@example.com`));
    expect(mail.subject).toBe('Re: your message to MediSupply');
    expect(mail.text).toContain('Yes: two weeks is $180, delivered and set up.');
    expect(mail.text).toContain('Can I rent a hospital bed for two weeks?');
    expect(mail.text).toContain('Sam Tester');
    const row = await db()
      .selectFrom('contact_messages')
      .select('status')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('answered');
    const page = await staff.client.get(`/admin/messages/${message.id}`);
    expect(page.text).toContain('Yes: two weeks is $180, delivered and set up.');

    expect(
      (await postForm(t, staff.client, `/admin/messages/${message.id}`, { intent: 'close' })).status,
    ).toBe(200);
    expect((await staff.client.get('/admin/messages?status=closed')).text).toContain('Pat Doe');
  });

  it('writes a campaign, tests it, and an admin sends it once to the confirmed subscribers', async () => {
    const now = Date.now();
    const readers = ['ann', 'ben', 'cat'].map((name, i) => ({
      id: `0000000${i}-0000-4000-8000-00000000000${i}`,
      email: `${name}-${engine}@example.com`,
      subscribed_at: now,
      confirmed_at: i < 2 ? now : null,
      unsubscribed_at: null,
      confirm_token_hash: `confirm-${engine}-${i}`,
      unsubscribe_token_hash: `unsubscribe-${engine}-${i}`,
    }));
    await db().insertInto('newsletter_subscribers').values(readers).execute();

    const bad = await postForm(t, staff.client, '/admin/campaigns', {
      intent: 'create',
      subject: '',
      body: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter a subject.');
    const created = await postForm(t, staff.client, '/admin/campaigns', {
      intent: 'create',
      subject: 'New rollators in stock',
      body: '# Lighter frames\n\nThe **Nova** rollator is back. [See it](https://medisupply.example/product/nova)',
    });
    expect(created.status).toBe(302);
    const path = created.location ?? '';
    expect(path).toMatch(/^\/admin\/campaigns\/[0-9a-f-]{36}$/);
    const page = await staff.client.get(path);
    expect(page.text).toContain('<strong>Nova</strong>');

    expect((await postForm(t, staff.client, path, { intent: 'test' })).status).toBe(200);
    const test = await t.smtp.waitFor((m) => m.to.includes(staff.email) && m.subject.startsWith('[Test]'));
    expect(test.html).toContain('<strong>Nova</strong>');

    // Staff write and test; sending to everyone is an administrator's.
    expect((await postForm(t, staff.client, path, { intent: 'send' })).status).toBe(403);
    const send = await postForm(t, admin.client, path, { intent: 'send' });
    expect(send.status).toBe(200);
    expect(send.text).toContain('Sending to 2 subscribers.');
    expect((await postForm(t, admin.client, path, { intent: 'send' })).status).toBe(409);
    await t.smtp.waitFor((m) => m.to.includes(`ann-${engine}@example.com`));
    await t.smtp.waitFor((m) => m.to.includes(`ben-${engine}@example.com`));
    await t.settled();
    const campaign = await db()
      .selectFrom('campaigns')
      .select(['status', 'recipients'])
      .where('subject', '=', 'New rollators in stock')
      .executeTakeFirstOrThrow();
    expect(campaign).toEqual({ status: 'sent', recipients: 2 });
    expect(t.smtp.messages.filter((m) => m.to.includes(`cat-${engine}@example.com`))).toEqual([]);
    // A sent campaign cannot change.
    const edit = await postForm(t, staff.client, path, {
      intent: 'save',
      subject: 'Changed',
      body: 'Changed',
    });
    expect(edit.status).toBe(409);
  });

  it('unsubscribes in one click by POST from a mail provider, and by the page', async () => {
    const id = '0000000a-0000-4000-8000-00000000000a';
    await db()
      .insertInto('newsletter_subscribers')
      .values({
        id,
        email: `oneclick-${engine}@example.com`,
        subscribed_at: Date.now(),
        confirmed_at: Date.now(),
        unsubscribed_at: null,
        confirm_token_hash: `oc-confirm-${engine}`,
        unsubscribe_token_hash: `oc-unsubscribe-${engine}`,
      })
      .execute();
    const token = signedUnsubscribeToken(t.server.services.env.AUTH_SECRET, id);
    const post = (query: string, body: string) =>
      fetch(`${t.url}/api/newsletter/unsubscribe?${query}`, {
        method: 'POST',
        // A mail provider's server: another origin, no cookies.
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
        body,
      });
    expect((await post(`token=${token}`, 'List-Unsubscribe=Yes')).status).toBe(400);
    expect((await post(`token=${token.slice(0, -2)}xx`, 'List-Unsubscribe=One-Click')).status).toBe(404);
    const subscribed = await db()
      .selectFrom('newsletter_subscribers')
      .select('unsubscribed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(subscribed.unsubscribed_at).toBeNull();
    const ok = await post(`token=${token}`, 'List-Unsubscribe=One-Click');
    expect(ok.status).toBe(200);
    const gone = await db()
      .selectFrom('newsletter_subscribers')
      .select('unsubscribed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(gone.unsubscribed_at).not.toBeNull();
    // The page takes the same link.
    const page = await createClient(t.url).get(`/newsletter/unsubscribe?token=${token}`);
    expect(page.text).toContain('Select the button below');
    const pressed = await postForm(t, null, '/newsletter/unsubscribe', { token });
    expect(pressed.text).toContain('You have been unsubscribed');
  });

  it('lists subscribers and downloads them as CSV, and removes one on request', async () => {
    const list = await staff.client.get('/admin/newsletter?status=confirmed');
    expect(list.text).toContain(`ann-${engine}@example.com`);
    const csv = await staff.client.get('/admin/newsletter.csv?status=confirmed');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('email,status,subscribed_at,confirmed_at,unsubscribed_at');
    expect(csv.text).toContain(`ann-${engine}@example.com,confirmed,`);
    const ann = await db()
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', `ann-${engine}@example.com`)
      .executeTakeFirstOrThrow();
    const removed = await postForm(t, staff.client, '/admin/newsletter', {
      intent: 'remove',
      id: ann.id,
      email: 'ann',
    });
    expect(removed.status).toBe(200);
    expect(
      await db().selectFrom('newsletter_subscribers').select('id').where('id', '=', ann.id).execute(),
    ).toEqual([]);
  });

  it('reports sales, top products, promo codes and new customers, with CSVs', async () => {
    const sales = await staff.client.get('/admin/reports?report=sales&by=day');
    expect(sales.status).toBe(200);
    // Each report is a chart drawn on the server and its table (dates as the console writes them).
    expect(sales.text).toMatch(
      /<svg[^>]*role="img" aria-label="Sales, \w{3} \d+, \d{4} to \w{3} \d+, \d{4}: revenue by day/,
    );
    const top = await staff.client.get('/admin/reports?report=products');
    expect(top.text).toMatch(
      /<svg[^>]*role="img" aria-label="Top products, [^"]*: revenue by product for \d+ rows?\./,
    );
    const escaped = PRODUCT_A.name.replaceAll('&', '&amp;');
    expect(top.text).toContain(`<th scope="row" class="py-2 pr-4 font-normal break-words">${escaped}</th>`);
    const csv = await staff.client.get('/admin/reports.csv?report=sales&by=month');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('Month,Orders,Revenue,Refunded,Discounts');
    const orders = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
    const paid = await db().selectFrom('orders').select('id').where('status', '=', 'paid').execute();
    expect(orders).toBe(paid.length);
    const products = await staff.client.get('/admin/reports.csv?report=products');
    expect(products.text).toContain(PRODUCT_A.name);
    const customers = await staff.client.get('/admin/reports.csv?report=customers&by=week');
    const joined = customers.text
      .trim()
      .split('\r\n')
      .slice(1)
      .reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0);
    expect(joined).toBeGreaterThanOrEqual(2);
    expect(
      (await staff.client.get('/admin/reports?report=promos&from=2020-01-01&to=2026-13-45')).status,
    ).toBe(200);
  });

  it('lists jobs and retries a failed one', async () => {
    await t.settled();
    const done = await staff.client.get('/admin/jobs?view=done');
    expect(done.text).toContain('Mail to ');
    expect(done.text).not.toContain('token=');
    // A mail whose tries ran out (here, marked so in the queue's own way): retried from the page.
    const { jobs } = t.server.services;
    const page = await jobs.list({ states: ['completed'], queue: 'mail', limit: 1, offset: 0 });
    const job = page.jobs[0]!;
    expect(await jobs.retry('mail', job.id)).toBe(false);
    const answer = await postForm(t, staff.client, '/admin/jobs', {
      intent: 'retry',
      id: job.id,
      queue: 'mail',
    });
    expect(answer.status).toBe(409);
  });
});
