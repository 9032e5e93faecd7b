import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { HCPCS_TEXT } from '../../app/commerce/catalogue/hcpcs';
import { productForStaff } from '../../app/features/catalog/product-admin-queries.server';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { addToCart } from '../support/cart';
import { createClient, type TestClient } from '../support/http-client';
import { pdfText } from '../support/pdf-text';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** Sold now, from stock, by parcel, without a prescription: a checkout needs nothing more. */
const plain = SEED_PRODUCTS.filter(
  (p) => isPurchasable(p.stock) && p.onHand >= 10 && !p.freightOnly && !p.prescriptionRequired,
);
/** A product the seed gives a code with a modifier (a walker, a shower chair...). */
const coded = plain.find((p) => p.hcpcsCode && p.hcpcsModifier)!;
/** One without a code: staff give it one. */
const uncoded = plain.find((p) => !p.hcpcsCode)!;

/** Issue 35, point 1: products carry HCPCS codes, and each order line keeps its own. */
describe.each(testEngines)('HCPCS codes on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  /** The editor's form as it is filled in now, with some fields changed. */
  async function editorFields(id: string, changes: Record<string, string>) {
    const product = await productForStaff(db(), id);
    const fields: Record<string, string> = { intent: 'save', ...product!.values };
    for (const [flag, on] of Object.entries(product!.flags)) if (on) fields[flag] = 'on';
    return { ...fields, ...changes };
  }
  const audits = (id: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .where('action', '=', 'product.update')
      .execute();
  const save = async (id: string, changes: Record<string, string>) =>
    postForm(t, staff.client, `/admin/products/${id}`, await editorFields(id, changes));
  const receiptText = async (client: TestClient, reference: string) => {
    const response = await fetch(`${t.url}/account/orders/${reference}/receipt.pdf`, {
      headers: { cookie: client.cookieHeader() },
    });
    expect(response.status).toBe(200);
    return pdfText(new Uint8Array(await response.arrayBuffer()));
  };

  /** The import form posted as a browser posts it: multipart, with the page's Origin. */
  async function importForm(fields: Record<string, string>, csv?: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (csv !== undefined) form.set('file', new Blob([csv], { type: 'text/csv' }), 'codes.csv');
    const response = await fetch(new URL('/admin/product-import', t.url), {
      method: 'POST',
      redirect: 'manual',
      body: form,
      headers: { cookie: staff.client.cookieHeader(), origin: t.url },
    });
    return { status: response.status, text: await response.text() };
  }
  const codesOf = (id: string) =>
    db()
      .selectFrom('products')
      .select(['hcpcs_code', 'hcpcs_modifier'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('the seed gives equipment its code, shown on the specifications tab; others show none', async () => {
    expect(coded).toBeDefined();
    const page = await createClient(t.url).get(`/product/${coded.id}?tab=specifications`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`HCPCS code</th><td[^>]*>${coded.hcpcsCode}</td>`));
    const other = await createClient(t.url).get(`/product/${uncoded.id}?tab=specifications`);
    expect(other.text).not.toContain('HCPCS code');
  });

  it('staff save a code and a modifier in any letter case: stored upper-cased, audited, on the product page', async () => {
    const saved = await save(uncoded.id, { hcpcsCode: ' e0143 ', hcpcsModifier: 'nu' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).toContain('Saved.');
    expect(await codesOf(uncoded.id)).toEqual({ hcpcs_code: 'E0143', hcpcs_modifier: 'NU' });
    const audit = await audits(uncoded.id);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ hcpcs_code: null, hcpcs_modifier: null });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ hcpcs_code: 'E0143', hcpcs_modifier: 'NU' });
    const page = await createClient(t.url).get(`/product/${uncoded.id}?tab=specifications`);
    expect(page.text).toMatch(/HCPCS code<\/th><td[^>]*>E0143<\/td>/);
    // The editor shows what was saved.
    const editor = await staff.client.get(`/admin/products/${uncoded.id}`);
    expect(editor.text).toContain('value="E0143"');
    expect(editor.text).toContain('value="NU"');
  });

  it('refuses a code or modifier of the wrong form, or a modifier alone, with its message, and changes nothing', async () => {
    const before = await productForStaff(db(), coded.id);
    const auditsBefore = (await audits(coded.id)).length;
    const cases: [Record<string, string>, string][] = [
      [{ hcpcsCode: 'E601' }, HCPCS_TEXT.code],
      [{ hcpcsCode: '06010' }, HCPCS_TEXT.code],
      [{ hcpcsCode: 'E0601-NU' }, HCPCS_TEXT.code],
      [{ hcpcsModifier: 'N' }, HCPCS_TEXT.modifier],
      [{ hcpcsModifier: 'N-' }, HCPCS_TEXT.modifier],
      [{ hcpcsCode: '', hcpcsModifier: 'RR' }, HCPCS_TEXT.modifierWithoutCode],
    ];
    for (const [changes, message] of cases) {
      const refused = await save(coded.id, { ...changes, price: '12.34' });
      expect(refused.status, JSON.stringify(changes)).toBe(400);
      expect(refused.text).toContain(message);
      // The form comes back as typed.
      if (changes.hcpcsCode) expect(refused.text).toContain(`value="${changes.hcpcsCode}"`);
    }
    expect(await productForStaff(db(), coded.id)).toEqual(before);
    expect(await audits(coded.id)).toHaveLength(auditsBefore);
  });

  it("an order's lines keep the code they were bought with: on the receipt PDF and the order page, after a change too", async () => {
    const buyer = await signedInClient(t.url);
    expect((await addToCart(buyer.client, coded.id, 1)).status).toBe(200);
    const codeless = plain.find((p) => !p.hcpcsCode && p.id !== uncoded.id)!;
    expect((await addToCart(buyer.client, codeless.id, 1)).status).toBe(200);
    const { session } = await startCheckout(buyer.client, { items: [] });
    expect((await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email))).status).toBe(200);

    const bought = `HCPCS ${coded.hcpcsCode}-${coded.hcpcsModifier}`;
    const text = await receiptText(buyer.client, session.reference);
    expect(text).toContain(bought);
    // Only the line with a code names one.
    expect(text.match(/HCPCS /g)).toHaveLength(1);
    const orderPage = await buyer.client.get(`/account/orders/${session.reference}`);
    expect(orderPage.text).toContain(bought);

    // Staff change the product's code: the old order's line keeps its own, a new order takes the new one.
    expect((await save(coded.id, { hcpcsCode: 'E0149', hcpcsModifier: 'RR' })).status).toBe(200);
    const after = await receiptText(buyer.client, session.reference);
    expect(after).toContain(bought);
    expect(after).not.toContain('E0149');
    expect((await buyer.client.get(`/account/orders/${session.reference}`)).text).toContain(bought);

    expect((await addToCart(buyer.client, coded.id, 1)).status).toBe(200);
    const second = await startCheckout(buyer.client, { items: [] });
    expect(
      (await pay(buyer.client, second.session.orderId, cardPayment(undefined, buyer.email))).status,
    ).toBe(200);
    expect(await receiptText(buyer.client, second.session.reference)).toContain('HCPCS E0149-RR');
  });

  it('the products CSV exports the code and modifier, and imports them under the same rules', async () => {
    const csv = (await staff.client.get('/admin/products.csv')).text;
    expect(csv.split('\r\n')[0]).toContain('hcpcs_code,hcpcs_modifier');
    const target = plain.find((p) => !p.hcpcsCode && p.id !== uncoded.id)!;
    const bad = await importForm(
      { intent: 'upload' },
      ['sku,hcpcs_code,hcpcs_modifier', `${target.sku},E06O1,NU`, `${coded.sku},,RR`].join('\n'),
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(`hcpcs_code: ${HCPCS_TEXT.code}`);
    expect(bad.text).toContain(`hcpcs_modifier: ${HCPCS_TEXT.modifierWithoutCode}`);
    expect(bad.text).not.toMatch(/name="importId"/);
    expect(await codesOf(target.id)).toEqual({ hcpcs_code: null, hcpcs_modifier: null });

    const dry = await importForm(
      { intent: 'upload' },
      `sku,hcpcs_code,hcpcs_modifier\n${target.sku},e0240,nu\n`,
    );
    expect(dry.status).toBe(200);
    expect(dry.text).toContain('1 to update');
    const importId = /name="importId" value="([^"]+)"/.exec(dry.text)![1]!;
    const digest = /name="digest" value="([^"]+)"/.exec(dry.text)![1]!;
    expect((await importForm({ intent: 'write', importId, digest })).status).toBe(200);
    expect(await codesOf(target.id)).toEqual({ hcpcs_code: 'E0240', hcpcs_modifier: 'NU' });
    const page = await createClient(t.url).get(`/product/${target.id}?tab=specifications`);
    expect(page.text).toMatch(/HCPCS code<\/th><td[^>]*>E0240<\/td>/);
  });
});
