import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../app/commerce/money';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { pdfText } from '../support/pdf-text';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { PRODUCT_A } from '../hardening/support';

/**
 * Shipping and tax as settings (docs/decisions/0051): an admin's change reaches the quotes and
 * every page's texts at once (the page cache too); a refused form changes nothing; every save
 * is audited; orders already placed keep their stored amounts (page, receipt, refund).
 */
describe.each(testEngines)('shop settings on %s', (engine) => {
  let t: TestServer;
  let admin: TestStaff;
  const db = () => t.server.services.database.db;
  const page = '/admin/shipping-tax';

  /** The rates form as it stands, with some states changed. */
  async function taxForm(changes: Record<string, string>) {
    const rows = await db().selectFrom('tax_rates').select(['state', 'rate']).execute();
    const fields: Record<string, string> = { intent: 'tax' };
    for (const row of rows) fields[row.state] = String(Number(row.rate) / 1000);
    return { ...fields, ...changes };
  }
  const standardForm = (changes: Record<string, string>) => ({
    intent: 'shipping',
    option: 'standard',
    name: 'Standard',
    price: '9.99',
    days: '5-7 business days',
    freeFrom: '499',
    ...changes,
  });
  const quote = async (state: string) =>
    (
      await createClient(t.url).post('/api/checkout/quote', {
        items: [{ productId: PRODUCT_A.id, quantity: 1 }],
        shipping: 'standard',
        state,
      })
    ).body as { shipping: number; tax: number; taxRate: number };
  const settingAudits = () =>
    db().selectFrom('audit_log').selectAll().where('target_type', '=', 'setting').orderBy('at').execute();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    admin = await staffClient(t, 'admin');
  });
  afterAll(async () => t.close());

  it('shows the seeded values and keeps the page and its forms from anyone but an admin', async () => {
    const shown = await admin.client.get(page);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('value="7.25"');
    expect(shown.text).toContain('value="9.99"');
    const staff = await staffClient(t, 'staff');
    expect((await staff.client.get(page)).status).toBe(403);
    expect((await postForm(t, staff.client, page, standardForm({ price: '1.00' }))).status).toBe(403);
    expect((await quote('CA')).shipping).toBe(999);
  });

  it('refuses bad values with a message per field and changes nothing', async () => {
    for (const [state, value, message] of [
      ['CA', '15.001', 'The rate must be at most 15 %'],
      ['CA', '7.2505', 'at most 3 decimals'],
      ['TX', '-1', 'Enter a rate from 0 to 15 %'],
      ['TX', '', 'Enter a rate from 0 to 15 %'],
    ] as const) {
      const answer = await postForm(t, admin.client, page, await taxForm({ [state]: value }));
      expect(answer.status, value).toBe(400);
      expect(answer.text, value).toContain(message);
    }
    for (const [field, value, message] of [
      ['price', 'abc', 'Enter the price in dollars, such as 9.99'],
      ['freeFrom', '299.50', 'Enter the free-shipping threshold in whole dollars'],
      ['name', '  ', 'Enter the name'],
    ] as const) {
      const answer = await postForm(t, admin.client, page, standardForm({ [field]: value }));
      expect(answer.status, field).toBe(400);
      expect(answer.text, field).toContain(message);
    }
    expect((await postForm(t, admin.client, page, standardForm({ option: 'drone' }))).status).toBe(400);
    const ca = await db()
      .selectFrom('tax_rates')
      .select('rate')
      .where('state', '=', 'CA')
      .executeTakeFirstOrThrow();
    expect(Number(ca.rate)).toBe(7250);
    expect(await settingAudits()).toEqual([]);
    expect((await quote('CA')).taxRate).toBe(7250);
  });

  it('moves the threshold text of every page, cached ones too, and the quotes with it', async () => {
    const before = await createClient(t.url).get('/');
    expect(before.text).toContain('Free shipping on orders of $499 or more');
    const saved = await postForm(t, admin.client, page, standardForm({ freeFrom: '299' }));
    expect(saved.status).toBe(200);
    for (const path of ['/', `/product/${PRODUCT_A.id}`, '/shipping']) {
      const after = await createClient(t.url).get(path);
      expect(after.text, path).toContain('$299 or more');
      expect(after.text, path).not.toContain('$499 or more');
    }
    const [entry] = await settingAudits();
    expect(entry).toMatchObject({ action: 'setting.shipping', target_id: 'shipping.standard' });
    expect(JSON.parse(entry!.before!)).toMatchObject({ freeFrom: 49_900 });
    expect(JSON.parse(entry!.after!)).toMatchObject({ freeFrom: 29_900 });
    // Back to the seeded rule for the next test.
    expect((await postForm(t, admin.client, page, standardForm({}))).status).toBe(200);
  });

  it('keeps an order at its stored amounts after the rate and the price change', async () => {
    const { client: shopper, email } = await signedInClient(t.url, 'Stored');
    await addToCart(shopper, PRODUCT_A.id, 1);
    // TEST_ADDRESS is in Oregon: 0 % at the start.
    const { session } = await startCheckout(shopper, {});
    expect((await pay(shopper, session.orderId, cardPayment(undefined, email))).status).toBe(200);
    const stored = await db()
      .selectFrom('orders')
      .selectAll()
      .where('reference', '=', session.reference)
      .executeTakeFirstOrThrow();
    expect(Number(stored.tax)).toBe(0);

    expect((await postForm(t, admin.client, page, await taxForm({ OR: '5.5' }))).status).toBe(200);
    expect((await postForm(t, admin.client, page, standardForm({ price: '12.50' }))).status).toBe(200);
    const now = await quote('OR');
    expect(now.taxRate).toBe(5500);
    expect(now.shipping).toBe(PRODUCT_A.price >= 49_900 ? 0 : 1250);
    expect(now.tax).toBe(Math.round((PRODUCT_A.price * 5500) / 100_000));
    const taxAudit = (await settingAudits()).find((a) => a.action === 'setting.tax_rates');
    expect(JSON.parse(taxAudit!.before!)).toEqual({ OR: 0 });
    expect(JSON.parse(taxAudit!.after!)).toEqual({ OR: 5500 });

    const orderPage = await shopper.get(`/account/orders/${session.reference}`);
    expect(orderPage.text).toContain(formatPrice(Number(stored.total)));
    const receipt = await fetch(`${t.url}/account/orders/${session.reference}/receipt.pdf`, {
      headers: { cookie: shopper.cookieHeader() },
    });
    const pdf = await pdfText(new Uint8Array(await receipt.arrayBuffer()));
    expect(pdf).toContain(`Total ${formatPrice(Number(stored.total))}`);
    const refunded = await postForm(t, admin.client, `/admin/orders/${session.reference}`, {
      intent: 'refund',
      scope: 'all',
      key: crypto.randomUUID(),
    });
    expect(refunded.status).toBe(200);
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', stored.id).execute();
    expect(refunds.map((r) => Number(r.amount))).toEqual([Number(stored.total)]);
    const after = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect([after.subtotal, after.shipping, after.tax, after.total].map(Number)).toEqual(
      [stored.subtotal, stored.shipping, stored.tax, stored.total].map(Number),
    );
  });

  it("refuses a wrong supplier NPI or tax id with its field's message, then saves and audits good ones", async () => {
    const supplier = (fields: Record<string, string>) =>
      postForm(t, admin.client, page, { intent: 'supplier', npi: '', taxId: '', ...fields });
    const stored = () =>
      db().selectFrom('supplier_settings').select(['npi', 'tax_id']).executeTakeFirstOrThrow();
    for (const [field, value, message] of [
      ['npi', '1234567890', 'This NPI is not valid: its last digit does not match the others'],
      ['npi', '12345', 'Enter the store&#x27;s NPI as 10 digits'],
      ['taxId', '12-345678', 'Enter the tax id (EIN) as NN-NNNNNNN'],
      ['taxId', 'AB-1234567', 'Enter the tax id (EIN) as NN-NNNNNNN'],
    ] as const) {
      const answer = await supplier({ [field]: value });
      expect(answer.status, value).toBe(400);
      expect(answer.text, value).toContain(message);
      // The message is tied to its field.
      expect(answer.text, value).toMatch(
        new RegExp(`aria-invalid="true"[^>]*name="${field}"|name="${field}"[^>]*aria-invalid="true"`),
      );
    }
    expect(await stored()).toEqual({ npi: null, tax_id: null });
    expect((await settingAudits()).filter((a) => a.action === 'setting.supplier')).toEqual([]);

    expect((await supplier({ npi: '1234 567 893', taxId: '123456789' })).status).toBe(200);
    expect(await stored()).toEqual({ npi: '1234567893', tax_id: '12-3456789' });
    expect(t.server.services.features.shopSettings?.current().supplier).toEqual({
      npi: '1234567893',
      taxId: '12-3456789',
    });
    const entry = (await settingAudits()).find((a) => a.action === 'setting.supplier');
    expect(entry).toMatchObject({ action: 'setting.supplier', target_id: 'supplier' });
    expect(JSON.parse(entry!.after!)).toEqual({ npi: '1234567893', taxId: '12-3456789' });
    const staff = await staffClient(t, 'staff');
    expect((await postForm(t, staff.client, page, { intent: 'supplier', npi: '', taxId: '' })).status).toBe(
      403,
    );
    // Emptied again: the page takes an empty field as "not entered yet".
    expect((await supplier({})).status).toBe(200);
    expect(await stored()).toEqual({ npi: null, tax_id: null });
  });
});
