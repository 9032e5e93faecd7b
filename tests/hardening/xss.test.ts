import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient, type TestClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { deliver, moderate, paidOrder, writeReview } from '../support/reviews';
import { postForm, staffClient } from '../support/staff';
import { PASSWORD, PRODUCT_A } from './support';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { addToCart } from '../support/cart';

/** Each payload sets window.__xss if it ever runs. */
const PAYLOADS = {
  firstName: `<img src=x onerror="window.__xss='img'">`,
  lastName: `</script><script>window.__xss='script'</script>`,
  name: `"><svg onload="window.__xss='svg'">`,
};
const RAW_MARKERS = ['<img src=x', '<script>window.__xss', '<svg onload'];

/** Markup a campaign's Markdown must never yield (as text, escaped, it is harmless). */
const UNSAFE_MARKUP = ['<iframe', '<img src="https://evil', 'href="javascript:', 'onclick="'];

function expectEscaped(html: string, where: string) {
  for (const marker of RAW_MARKERS) expect(html, `${where} contains ${marker}`).not.toContain(marker);
}

describe.each(testEngines)('stored XSS on %s', (engine) => {
  let t: TestServer;
  let browser: Browser;
  let client: TestClient;
  let email: string;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    email = `xss-${Date.now()}@example.com`;
    client = createClient(t.url);
    const signUp = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, ...PAYLOADS });
    expect(signUp.status).toBe(200);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('escapes names in the HTML of the account and the pages that greet the user', async () => {
    for (const page of ['/', '/account', '/cart']) {
      const res = await client.get(page);
      expect(res.status).toBe(200);
      expectEscaped(res.text, page);
    }
    expect((await client.get('/account')).text).toContain('&lt;img src=x');
  });

  it('escapes names in the mails (HTML part) we send', async () => {
    await createClient(t.url).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    const mails = await Promise.all([
      t.smtp.waitFor((m) => m.to.includes(email) && /confirm/i.test(m.subject)),
      t.smtp.waitFor((m) => m.to.includes(email) && /reset/i.test(m.subject)),
    ]);
    for (const mail of mails) {
      expectEscaped(mail.html, mail.subject);
      expect(mail.html).toContain('&lt;img');
    }
  });

  it('runs none of the payloads in Chromium', async () => {
    const context = await browser.newContext();
    const host = new URL(t.url).hostname;
    await context.addCookies(
      [...client.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/', httpOnly: true })),
    );
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const path of ['/account', '/']) {
      await page.goto(new URL(path, t.url).toString(), { waitUntil: 'load' });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as { __xss?: string }).__xss ?? null), path).toBeNull();
      // The page did render the name, as text.
      expect(await page.locator('body').innerText()).toContain('<img src=x');
    }
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('escapes a shipping address on the order pages, in the order history and in the mail', async () => {
    const address = {
      recipientName: PAYLOADS.firstName,
      line1: PAYLOADS.lastName,
      line2: PAYLOADS.name,
      city: `<b onmouseover="window.__xss='city'">Town</b>`,
      state: 'OR',
      zip: '97204',
      phone: '503-555-0142',
    };
    await addToCart(client, PRODUCT_A.id, 1);
    const { status, session } = await startCheckout(client, { address, saveAddress: true });
    expect(status).toBe(201);
    expect((await pay(client, session.orderId, cardPayment(CARDS.visa, email))).status).toBe(200);
    const markers = [...RAW_MARKERS, '<b onmouseover'];
    for (const path of ['/account', `/account/orders/${session.reference}`, '/cart']) {
      const res = await client.get(path);
      expect(res.status).toBe(200);
      for (const marker of markers) expect(res.text, `${path} contains ${marker}`).not.toContain(marker);
    }
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(session.reference));
    for (const marker of markers) expect(mail.html, `order mail contains ${marker}`).not.toContain(marker);
    expect(mail.html).toContain('&lt;img src=x');

    const context = await browser.newContext();
    const host = new URL(t.url).hostname;
    await context.addCookies(
      [...client.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/', httpOnly: true })),
    );
    const page = await context.newPage();
    for (const path of [`/account/orders/${session.reference}`, '/account']) {
      await page.goto(new URL(path, t.url).toString(), { waitUntil: 'load' });
      await page.locator('main').hover();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as { __xss?: string }).__xss ?? null), path).toBeNull();
    }
    await context.close();
  });

  it.for(['/contact', '/newsletter'])('escapes what is sent to the %s form in its mails', async (path) => {
    const before = t.smtp.messages.length;
    const fields: Record<string, string> =
      path === '/contact'
        ? {
            name: `${PAYLOADS.firstName} ${PAYLOADS.name}`,
            email: 'pat@example.com',
            message: PAYLOADS.lastName.repeat(2),
          }
        : { email: `"<svg onload=alert(1)>"@example.com` };
    // Posted as the browser posts the form; the sign-up also as its script does (asking for JSON).
    const res = await createClient(t.url).request(path, {
      method: 'POST',
      fields: new URLSearchParams(fields),
    });
    expect(res.status).toBeLessThan(500);
    if (path === '/newsletter')
      expect((await createClient(t.url).form(path, fields)).status).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await t.settled();
    // The contact form's fields are valid: its staff mail was written.
    if (path === '/contact') expect(t.smtp.messages.length).toBeGreaterThan(before);
    for (const mail of t.smtp.messages.slice(before)) expectEscaped(mail.html, `${path} mail`);
  });

  it('escapes contact messages and sanitises campaign text in the console, its pages and its mails', async () => {
    const staff = await staffClient(t, 'staff');
    await pageVisitor(t.url, '198.51.100.9').post('/contact', {
      name: PAYLOADS.name,
      email: `xss-writer-${engine}@example.com`,
      message: `${PAYLOADS.firstName} ${PAYLOADS.lastName}`,
    });
    const { db } = t.server.services.database;
    const message = await db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', `xss-writer-${engine}@example.com`)
      .executeTakeFirstOrThrow();
    const reply = await postForm(t, staff.client, `/admin/messages/${message.id}`, {
      intent: 'reply',
      body: PAYLOADS.lastName,
    });
    expect(reply.status).toBe(200);
    const replyMail = await t.smtp.waitFor((m) => m.to.includes(`xss-writer-${engine}@example.com`));
    expectEscaped(replyMail.html, 'contact reply mail');

    const created = await postForm(t, staff.client, '/admin/campaigns', {
      intent: 'create',
      subject: PAYLOADS.name,
      body: [
        PAYLOADS.firstName,
        PAYLOADS.lastName,
        '[click](javascript:window.__xss=1)',
        `<a href="https://example.com" onclick="window.__xss='a'">link</a>`,
        '![x](https://evil.example/x.png)',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n\n'),
    });
    expect(created.status).toBe(302);
    const campaignPath = created.location ?? '';
    const page = await staff.client.get(campaignPath);
    expectEscaped(page.text, 'campaign page');
    for (const marker of UNSAFE_MARKUP) {
      expect(page.text, `campaign page contains ${marker}`).not.toContain(marker);
    }
    expect((await postForm(t, staff.client, campaignPath, { intent: 'test' })).status).toBe(200);
    const test = await t.smtp.waitFor((m) => m.to.includes(staff.email) && m.subject.startsWith('[Test]'));
    expectEscaped(test.html, 'campaign mail');
    for (const marker of UNSAFE_MARKUP) {
      expect(test.html, `campaign mail contains ${marker}`).not.toContain(marker);
    }

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
    const tab = await context.newPage();
    for (const path of [
      '/admin/messages',
      `/admin/messages/${message.id}`,
      campaignPath,
      '/admin/campaigns',
    ]) {
      await tab.goto(new URL(path, t.url).toString(), { waitUntil: 'load' });
      await tab.locator('main').hover();
      await tab.waitForTimeout(200);
      expect(await tab.evaluate(() => (window as { __xss?: string }).__xss ?? null), path).toBeNull();
    }
    await context.close();
  });
  it('escapes reviews (and their writer’s name) on the product pages, the order page and the console', async () => {
    const staff = await staffClient(t, 'staff');
    const reference = await paidOrder({ client, email }, [PRODUCT_A.id]);
    await deliver(t, staff, reference);
    const written = await writeReview(t, client, reference, PRODUCT_A.id, {
      rating: '3',
      title: PAYLOADS.name,
      body: `${PAYLOADS.firstName} ${PAYLOADS.lastName}`,
    });
    expect(written.status).toBe(302);
    const list = await staff.client.get('/admin/reviews');
    expectEscaped(list.text, 'review queue');
    const { db } = t.server.services.database;
    const review = await db
      .selectFrom('reviews')
      .select(['id', 'updated_at'])
      .where('product_id', '=', PRODUCT_A.id)
      .executeTakeFirstOrThrow();
    expect((await moderate(t, staff, review, { intent: 'publish' })).status).toBe(200);

    const paths = [
      `/product/${PRODUCT_A.id}`,
      `/product/${PRODUCT_A.id}/reviews`,
      `/account/orders/${reference}`,
    ];
    for (const path of paths) expectEscaped((await client.get(path)).text, path);
    const context = await browser.newContext();
    const host = new URL(t.url).hostname;
    await context.addCookies(
      [...client.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/', httpOnly: true })),
    );
    const tab = await context.newPage();
    for (const path of paths) {
      await tab.goto(new URL(path, t.url).toString(), { waitUntil: 'load' });
      await tab.locator('main').hover();
      await tab.waitForTimeout(200);
      expect(await tab.evaluate(() => (window as { __xss?: string }).__xss ?? null), path).toBeNull();
    }
    await context.close();
  });
});
