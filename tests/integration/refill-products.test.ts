import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFILL_WEEKS_TEXT } from '../../app/commerce/catalogue/refill-weeks';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { productForStaff } from '../../app/features/catalog/product-admin-queries.server';
import { createClient } from '../support/http-client';
import { CUSHION } from '../support/refills';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** A product the seed does not make refillable: staff make it one. */
const plain = SEED_PRODUCTS.find(
  (p) => !p.refillWeeks && !p.prescriptionRequired && p.subcategory === 'canes',
)!;

/** Issue 35, point 5: staff mark products refillable, with suggested intervals, in the form and the CSV. */
describe.each(testEngines)('refillable products on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  /** The editor's form as the page fills it in (Refillable ticked when it has intervals), with changes. */
  async function save(id: string, changes: Record<string, string>) {
    const product = await productForStaff(db(), id);
    const fields: Record<string, string> = { intent: 'save', ...product!.values };
    for (const [flag, on] of Object.entries(product!.flags)) if (on) fields[flag] = 'on';
    if (product!.values.refillWeeks) fields.refillable = 'on';
    const merged = Object.fromEntries(
      Object.entries({ ...fields, ...changes }).filter(([, value]) => value !== 'off'),
    );
    return postForm(t, staff.client, `/admin/products/${id}`, merged);
  }
  const weeksOf = async (id: string) =>
    (await db().selectFrom('products').select('refill_weeks').where('id', '=', id).executeTakeFirstOrThrow())
      .refill_weeks;
  const audits = (id: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .where('action', '=', 'product.update')
      .execute();

  it('the seed makes the CPAP cushion refillable, and its page offers its intervals', async () => {
    expect(await weeksOf(CUSHION)).toBe('4,8,12');
    const editor = await staff.client.get(`/admin/products/${CUSHION}`);
    expect(editor.text).toContain('value="4, 8, 12"');
    expect(/<input[^>]*name="refillable"[^>]*>/.exec(editor.text)?.[0]).toContain('checked');
  });

  it('staff tick Refillable with intervals: stored sorted, audited, offered on the product page; untick removes it', async () => {
    const saved = await save(plain.id, { refillable: 'on', refillWeeks: '12, 4 8' });
    expect(saved.status, saved.text).toBe(200);
    expect(await weeksOf(plain.id)).toBe('4,8,12');
    const [audit] = await audits(plain.id);
    expect(JSON.parse(audit!.before!)).toMatchObject({ refill_weeks: null });
    expect(JSON.parse(audit!.after!)).toMatchObject({ refill_weeks: '4,8,12' });
    const page = await createClient(t.url).get(`/product/${plain.id}`);
    expect(page.text).toContain('Deliver every 12 weeks');

    expect((await save(plain.id, { refillable: 'off' })).status).toBe(200);
    expect(await weeksOf(plain.id)).toBeNull();
    expect((await createClient(t.url).get(`/product/${plain.id}`)).text).not.toContain(
      'Deliver on a schedule',
    );
  });

  it('refuses intervals that are missing, out of range, too many or not numbers, and changes nothing', async () => {
    const before = await productForStaff(db(), CUSHION);
    const count = (await audits(CUSHION)).length;
    for (const [refillWeeks, message] of [
      ['', REFILL_WEEKS_TEXT.missing],
      ['0, 4', REFILL_WEEKS_TEXT.range],
      ['53', REFILL_WEEKS_TEXT.range],
      ['1, 2, 3, 4, 5', REFILL_WEEKS_TEXT.tooMany],
      ['monthly', REFILL_WEEKS_TEXT.format],
    ] as const) {
      const refused = await save(CUSHION, { refillWeeks, price: '12.34' });
      expect(refused.status, refillWeeks).toBe(400);
      expect(refused.text).toContain(message);
    }
    expect(await productForStaff(db(), CUSHION)).toEqual(before);
    expect(await audits(CUSHION)).toHaveLength(count);
  });

  it('the products CSV exports refill_weeks and imports it under the same rules', async () => {
    const csv = (await staff.client.get('/admin/products.csv')).text;
    const [header, ...rows] = csv.split('\r\n');
    expect(header).toContain('hcpcs_modifier,refill_weeks,description');
    expect(rows.find((row) => row.startsWith('FPH-EVF-CU-M,'))).toContain('"4, 8, 12"');

    const upload = async (fields: Record<string, string>, body?: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (body !== undefined) form.set('file', new Blob([body], { type: 'text/csv' }), 'refills.csv');
      const response = await fetch(new URL('/admin/product-import', t.url), {
        method: 'POST',
        body: form,
        headers: { cookie: staff.client.cookieHeader(), origin: t.url },
      });
      return { status: response.status, text: await response.text() };
    };
    const bad = await upload({ intent: 'upload' }, `sku,refill_weeks\n${plain.sku},99\n`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(`refill_weeks: ${REFILL_WEEKS_TEXT.range}`);
    expect(await weeksOf(plain.id)).toBeNull();

    const dry = await upload(
      { intent: 'upload' },
      `sku,refill_weeks\n${plain.sku},"6, 2"\nFPH-EVF-CU-M,4 8 12\n`,
    );
    expect(dry.status).toBe(200);
    expect(dry.text).toContain('1 to update');
    const importId = /name="importId" value="([^"]+)"/.exec(dry.text)![1]!;
    const digest = /name="digest" value="([^"]+)"/.exec(dry.text)![1]!;
    expect((await upload({ intent: 'write', importId, digest })).status).toBe(200);
    expect(await weeksOf(plain.id)).toBe('2,6');
    expect(await weeksOf(CUSHION)).toBe('4,8,12');
  });
});
