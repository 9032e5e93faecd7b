import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import type { OrderQuote } from '../../app/commerce/checkout/quote';
import { sendCertificateReminders } from '../../app/features/tax-exemption/certificate-jobs.server';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout, TEST_ADDRESS } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { pdfText } from '../support/pdf-text';
import { staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { inDays, insertCertificate, organisation, userIdOf } from './tax-exemption-support';

/**
 * Exemption at checkout (docs/decisions/0057): a member of an approved organisation shipping to
 * a state its verified, unexpired certificate covers pays no sales tax, and the order, its pages,
 * receipt and mail name the certificate. Elsewhere, once expired, or for anyone else: taxed.
 * And the expiry reminder, mailed once 30 days before.
 */
const taxable = SEED_PRODUCTS.find(
  (p) =>
    isPurchasable(p.stock) && p.onHand >= 20 && !p.taxExempt && !p.prescriptionRequired && !p.freightOnly,
)!;
const illinois = { ...TEST_ADDRESS, state: 'IL', zip: '62704' };

describe.each(testEngines)('tax exemption at checkout on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let org: Awaited<ReturnType<typeof organisation>>;
  let certificateId = '';
  const db = () => t.server.services.database.db;
  const quote = async (client: TestClient, state: string) => {
    const response = await client.post('/api/checkout/quote', { items: [], state });
    expect(response.status, response.text).toBe(200);
    return response.body as OrderQuote;
  };
  const setCertificate = (values: { expires_on?: string; reminder_sent_at?: number | null }) =>
    db().updateTable('tax_certificates').set(values).where('id', '=', certificateId).execute();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    org = await organisation(t);
    certificateId = await insertCertificate(db(), org.id, await userIdOf(org.admin.client));
    expect((await addToCart(org.buyer.client, taxable.id, 2)).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an order shipped to the certificate’s state carries no tax and names the certificate everywhere', async () => {
    const summary = await quote(org.buyer.client, 'IL');
    expect(summary).toMatchObject({ state: 'IL', tax: 0, taxRate: 0, taxCertificate: 'IL-7788' });
    expect(summary.total).toBe(summary.subtotal - summary.discount + summary.shipping);

    const { session } = await startCheckout(org.buyer.client, {
      items: [],
      address: illinois,
      poNumber: 'PO-4410',
    });
    expect(session).toMatchObject({ tax: 0, taxCertificate: 'IL-7788' });
    expect(
      (await pay(org.buyer.client, session.orderId, cardPayment(undefined, org.buyer.email))).status,
    ).toBe(200);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('reference', '=', session.reference)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ tax: 0, tax_certificate_number: 'IL-7788' });

    const label = 'Tax exempt (certificate IL-7788)';
    expect((await org.buyer.client.get(`/account/orders/${session.reference}`)).text).toContain(label);
    expect((await staff.client.get(`/admin/orders/${session.reference}`)).text).toContain(label);
    const receipt = await fetch(`${t.url}/account/orders/${session.reference}/receipt.pdf`, {
      headers: { cookie: org.buyer.client.cookieHeader() },
    });
    expect(receipt.status).toBe(200);
    expect(await pdfText(new Uint8Array(await receipt.arrayBuffer()))).toContain(label);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(org.buyer.email) && m.text.includes(session.reference),
    );
    expect(mail.text).toContain(label);
  });

  it("states an organisation's order's organisation, buyer, PO and certificate on the order page, and a consumer's none", async () => {
    const order = await db()
      .selectFrom('orders')
      .innerJoin('organisations', 'organisations.id', 'orders.organisation_id')
      .select(['orders.reference', 'orders.buyer_name', 'organisations.name'])
      .where('orders.po_number', '=', 'PO-4410')
      .executeTakeFirstOrThrow();
    expect(order.buyer_name).toBeTruthy();
    const page = await org.buyer.client.get(`/account/orders/${order.reference}`);
    expect(page.status).toBe(200);
    for (const fact of [
      '<dt class="font-bold">Organisation</dt>',
      `<dd>${order.name}</dd>`,
      '<dt class="font-bold">Ordered by</dt>',
      `<dd>${order.buyer_name}</dd>`,
      '<dt class="font-bold">Purchase order</dt>',
      '<dd>PO-4410</dd>',
      '<dt class="font-bold">Tax exemption certificate</dt>',
      '<dd>IL-7788</dd>',
    ]) {
      expect(page.text).toContain(fact);
    }
    // The organisation's admin reads the colleague's order with the same facts.
    expect((await org.admin.client.get(`/account/orders/${order.reference}`)).text).toContain(
      '<dd>PO-4410</dd>',
    );

    const consumer = await signedInClient(t.url, 'Cora');
    expect((await addToCart(consumer.client, taxable.id, 1)).status).toBe(200);
    const { session } = await startCheckout(consumer.client, { items: [], address: illinois });
    expect((await pay(consumer.client, session.orderId, cardPayment(undefined, consumer.email))).status).toBe(
      200,
    );
    const own = await consumer.client.get(`/account/orders/${session.reference}`);
    expect(own.status).toBe(200);
    for (const fact of ['Organisation</dt>', 'Ordered by', 'Purchase order', 'Tax exemption certificate']) {
      expect(own.text).not.toContain(fact);
    }
  });

  it('taxes another state, an expired certificate, a pending organisation and anyone else', async () => {
    await addToCart(org.buyer.client, taxable.id, 1);
    const california = await quote(org.buyer.client, 'CA');
    expect(california.taxCertificate).toBeNull();
    expect(california.tax).toBeGreaterThan(0);

    const outsider = await signedInClient(t.url, 'Olga');
    await addToCart(outsider.client, taxable.id, 1);
    expect((await quote(outsider.client, 'IL')).tax).toBeGreaterThan(0);

    await db().updateTable('organisations').set({ status: 'pending' }).where('id', '=', org.id).execute();
    expect((await quote(org.buyer.client, 'IL')).taxCertificate).toBeNull();
    await db().updateTable('organisations').set({ status: 'approved' }).where('id', '=', org.id).execute();

    await setCertificate({ expires_on: inDays(-2) });
    const expired = await quote(org.buyer.client, 'IL');
    expect(expired.taxCertificate).toBeNull();
    expect(expired.tax).toBeGreaterThan(0);
    const page = await org.admin.client.get('/account/organisation/tax-exemption');
    expect(page.text).toContain('Expired');
    await setCertificate({ expires_on: inDays(300) });
    expect((await quote(org.buyer.client, 'IL')).tax).toBe(0);
  });

  it('mails the admins once, 30 days before the expiry', async () => {
    const services = t.server.services;
    await setCertificate({ expires_on: inDays(45), reminder_sent_at: null });
    expect(await sendCertificateReminders(services)).toBe(0);
    await setCertificate({ expires_on: inDays(20) });
    expect(await sendCertificateReminders(services)).toBe(1);
    expect(await sendCertificateReminders(services)).toBe(0);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(org.admin.email) && m.subject.includes('expires on'),
    );
    expect(mail.text).toContain('number IL-7788');
    await t.settled();
    const reminders = t.smtp.messages.filter((m) => m.subject.includes('tax exemption certificate expires'));
    expect(reminders.map((m) => m.to)).toEqual([[org.admin.email]]);
    const row = await db()
      .selectFrom('tax_certificates')
      .select('reminder_sent_at')
      .where('id', '=', certificateId)
      .executeTakeFirstOrThrow();
    expect(row.reminder_sent_at).not.toBeNull();
  });
});
