import { type Browser, chromium } from '@playwright/test';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productForStaff } from '../../app/features/catalog/product-admin-queries.server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { CARDS, cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { hostileValue } from './fuzz-inputs';
import { PRODUCT_A, PRODUCT_B, rowCounts } from './support';

/** Each payload sets window.__xss if it ever runs. */
const NAME = `Walker <img src=x onerror="window.__xss='img'">`;
const DESCRIPTION = `A sturdy walker.</p><script>window.__xss='script'</script><p> Folds flat for the car.`;
const FEATURE = `<svg onload="window.__xss='svg'"> Folding frame`;
const NOTE = `<iframe src="javascript:window.__xss='note'"></iframe> call first`;
const RAW = ['<img src=x', '<script>window.__xss', '<svg onload', '<iframe src'];

function expectEscaped(html: string, where: string) {
  for (const marker of RAW) expect(html, `${where} contains ${marker}`).not.toContain(marker);
}

/** Staff-typed text (product fields, notes) on the storefront, in mails and in the console. */
describe.each(testEngines)('console inputs on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let browser: Browser;
  const db = () => t.server.services.database.db;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'admin');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('escapes product text typed by staff on the storefront, in the order mail and in the console, and runs none of it', async () => {
    const product = await productForStaff(db(), PRODUCT_A.id);
    const fields: Record<string, string> = {
      intent: 'save',
      ...product!.values,
      name: NAME,
      description: DESCRIPTION,
      features: FEATURE,
    };
    for (const [flag, on] of Object.entries(product!.flags)) if (on) fields[flag] = 'on';
    expect((await postForm(t, staff.client, `/admin/products/${PRODUCT_A.id}`, fields)).status).toBe(200);

    const guest = createClient(t.url);
    const email = `buyer-${Date.now()}@example.com`;
    const { session } = await startCheckout(guest, { items: [{ productId: PRODUCT_A.id, quantity: 1 }] });
    expect((await pay(guest, session.orderId, cardPayment(CARDS.visa, email))).status).toBe(200);
    const path = `/admin/orders/${session.reference}`;
    expect((await postForm(t, staff.client, path, { intent: 'note', text: NOTE })).status).toBe(200);

    const storefront = [`/product/${PRODUCT_A.id}`, `/category/${PRODUCT_A.category}`, `/search?q=walker`];
    for (const page of storefront) {
      const res = await guest.get(page);
      expect(res.status, page).toBe(200);
      expectEscaped(res.text, page);
    }
    for (const page of [path, `/admin/products/${PRODUCT_A.id}`, '/admin/audit']) {
      const res = await staff.client.get(page);
      expect(res.status, page).toBe(200);
      expectEscaped(res.text, page);
    }
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(session.reference));
    expectEscaped(mail.html, 'order mail');
    expect(mail.html).toContain('&lt;img src=x');

    const context = await browser.newContext();
    const host = new URL(t.url).hostname;
    await context.addCookies(
      [...staff.client.cookies].map(([name, value]) => ({
        name,
        value,
        domain: host,
        path: '/',
        httpOnly: true,
      })),
    );
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const url of [...storefront, path, `/admin/products/${PRODUCT_A.id}`]) {
      await page.goto(new URL(url, t.url).toString(), { waitUntil: 'load' });
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => (window as { __xss?: string }).__xss ?? null), url).toBeNull();
    }
    expect(await page.locator('body').innerText()).toContain('<img src=x');
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('answers hostile console forms with 4xx, never 5xx, and changes nothing', async () => {
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, { items: [{ productId: PRODUCT_B.id, quantity: 1 }] });
    expect((await pay(guest, session.orderId, cardPayment())).status).toBe(200);
    await pageVisitor(t.url, '198.51.100.7').post('/contact', {
      name: 'Pat',
      email: 'pat@example.com',
      message: 'Is the walker in stock?',
    });
    const message = await db().selectFrom('contact_messages').select('id').executeTakeFirstOrThrow();
    const created = await postForm(t, staff.client, '/admin/campaigns', {
      intent: 'create',
      subject: 'Draft',
      body: 'Hello',
    });
    const campaignPath = created.location ?? '';
    expect(campaignPath).toMatch(/^\/admin\/campaigns\//);
    const before = await rowCounts(t.server.services.database);
    const forms: [string, string, string[]][] = [
      [`/admin/orders/${session.reference}`, 'ship', ['carrier', 'trackingNumber']],
      [`/admin/orders/${session.reference}`, 'refund', ['key', 'scope', 'qty-x']],
      [`/admin/orders/${session.reference}`, 'note', ['text']],
      [`/admin/products/${PRODUCT_B.id}`, 'stock', ['onHand', 'reason', 'expected']],
      [`/admin/products/${PRODUCT_B.id}`, 'save', ['name', 'price', 'placement', 'sku']],
      [`/admin/products/${PRODUCT_B.id}`, 'image-remove', ['position']],
      ['/admin/staff', 'invite', ['email', 'firstName', 'lastName', 'role']],
      ['/admin/staff', 'role', ['userId', 'role']],
      ['/admin/campaigns', 'create', ['subject', 'body']],
      [campaignPath, 'save', ['subject', 'body']],
      [`/admin/messages/${message.id}`, 'reply', ['body']],
      ['/admin/newsletter', 'remove', ['id', 'email']],
      ['/admin/jobs', 'retry', ['id', 'queue']],
    ];
    // Only values no form accepts: too long, empty, control characters, the wrong kind.
    const invalid = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        'x'.repeat(5_000),
        '\u0000\u0001',
        '-1',
        '1e309',
        // Past PostgreSQL's integer (2^31 - 1): once a 500 from an image position.
        '2147483648',
        '2251799813685086',
        '../../etc/passwd',
        '__proto__',
      ),
      hostileValue.filter((v) => typeof v !== 'string').map((v) => JSON.stringify(v) ?? 'null'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...forms),
        fc.array(invalid, { minLength: 4, maxLength: 4 }),
        async ([path, intent, names], values) => {
          const body = Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
          if (intent === 'note') body.text = 'x'.repeat(2_001);
          if (intent === 'refund') body.key = 'bad key!';
          // Any short text is a fine campaign or reply: make the long one too long.
          if (intent === 'create' || intent === 'save') body.body = 'x'.repeat(50_001);
          if (intent === 'reply') body.body = 'x'.repeat(10_001);
          // A small number is a real image's position, which the form rightly takes: ask for one
          // that is not there (refused, 409) instead.
          if (intent === 'image-remove' && /^\d{1,2}$/.test(body.position ?? '')) body.position = '9999999';
          // Likewise a count that might be the one on hand: the stock form would rightly take it.
          if (intent === 'stock' && /^\d+$/.test(body.expected ?? '')) body.expected = '9999999';
          const res = await postForm(t, staff.client, path, { intent, ...body });
          expect(
            res.status,
            `${path} ${intent} ${JSON.stringify(body).slice(0, 200)}`,
          ).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    const renderedNumbers: [string, string][] = [
      ['image-remove', 'position'],
      ['stock', 'expected'],
    ];
    for (const [intent, name] of renderedNumbers) {
      const huge = await postForm(t, staff.client, `/admin/products/${PRODUCT_B.id}`, {
        intent,
        onHand: '5',
        reason: 'Count correction',
        [name]: '2251799813685086',
      });
      expect(huge.status, intent).toBe(400);
      expect(huge.text, intent).toContain('Reload the product and try again.');
    }
    const nul = await postForm(t, staff.client, `/admin/orders/${session.reference}`, {
      intent: 'note',
      text: 'call\u0000first',
    });
    expect(nul.status).toBe(400);
    for (const path of [`/admin/orders/${session.reference}`, `/admin/products/${PRODUCT_B.id}`]) {
      const res = await postForm(t, staff.client, path, { intent: 'no-such-form' });
      expect(res.status).toBe(400);
    }
    for (const path of [
      '/admin/orders/MS-%00%00',
      '/admin/orders/..%2F..',
      `/admin/products/${'a'.repeat(500)}`,
      '/admin/products/%E0%A4%A',
      '/admin/customers/%00',
      `/admin/customers/${'a'.repeat(500)}`,
      '/admin/messages/..%2F..',
      '/admin/campaigns/not-a-campaign',
    ]) {
      const res = await staff.client.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    for (const query of [
      '?q=%00',
      `?q=${'x'.repeat(5000)}`,
      '?status=__proto__&from=2026-13-45&to=x&page=-1',
      '?page=1e99',
    ]) {
      expect((await staff.client.get(`/admin/orders${query}`)).status, query).toBe(200);
      expect((await staff.client.get(`/admin/orders.csv${query}`)).status, query).toBe(200);
      expect((await staff.client.get(`/admin/products${query}`)).status, query).toBe(200);
      expect((await staff.client.get(`/admin/audit${query}`)).status, query).toBe(200);
      for (const page of [
        '/admin/customers',
        '/admin/messages',
        '/admin/newsletter',
        '/admin/newsletter.csv',
        '/admin/jobs',
        '/admin/reports',
        '/admin/reports.csv',
      ]) {
        expect((await staff.client.get(`${page}${query}`)).status, `${page}${query}`).toBe(200);
      }
    }
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });
});
