import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { startCheckout } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { prescriptionPdf, sendPrescription } from '../support/prescription-files';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const rx = PRODUCTS.find(
  (p) => p.prescriptionRequired && isPurchasable(p.stock) && p.onHand >= 10 && !p.freightOnly,
)!;
// Words that must never be found in the clear in the database or its files.
const PRESCRIBER = 'Dr. Imogen Quillfeather';
const PHONE = '(503) 555-0143';
const FILE_NAME = 'Sleep apnea titration.pdf';
// The claim data (docs/decisions/0063): as sensitive as the rest.
const CLAIM = {
  prescriberNpi: '1987654328',
  diagnosisCodes: 'G47.33',
  prescribedOn: '2026-01-15',
  lengthOfNeed: '13',
};
const CLAIM_COLUMNS = ['prescriber_npi', 'diagnosis_codes', 'prescribed_on', 'length_of_need'] as const;

/**
 * Health data at rest (issue 35, docs/decisions/0062): a prescription's file, its name and the
 * prescriber's details are sealed in the database, read back whole by the buyer, and every read
 * by staff is in the audit log.
 */
describe.each(testEngines)('health data at rest on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.database.db;
  const get = (route: string, client: TestClient) =>
    fetch(`${t.url}${route}`, { headers: { cookie: client.cookieHeader() }, redirect: 'manual' });
  const row = (orderId: string) =>
    db().selectFrom('prescriptions').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const reads = (reference: string) =>
    db()
      .selectFrom('audit_log')
      .select(['actor_email', 'after'])
      .where('action', '=', 'health_data.read')
      .where('target_id', '=', reference)
      .execute();

  async function rxCheckout() {
    const buyer = await signedInClient(t.url);
    expect((await addToCart(buyer.client, rx.id, 1)).status).toBe(200);
    const { session } = await startCheckout(buyer.client, { items: [] });
    return { ...buyer, session };
  }

  it('seals the prescriber and the file; the buyer reads them back whole', async () => {
    const byPhone = await rxCheckout();
    const sent = await sendPrescription(t.url, byPhone.client.cookieHeader(), byPhone.session.orderId, {
      kind: 'prescriber',
      prescriberName: PRESCRIBER,
      prescriberPhone: PHONE,
      ...CLAIM,
    });
    expect(sent.status).toBe(201);
    const details = await row(byPhone.session.orderId);
    for (const column of ['prescriber_name', 'prescriber_phone', ...CLAIM_COLUMNS] as const) {
      expect(details[column], column).toMatch(/^hd1\./);
    }
    // Distinctive values only: two digits (the length of need) are in any timestamp or ciphertext.
    for (const secret of [
      'Quillfeather',
      '555-0143',
      CLAIM.prescriberNpi,
      CLAIM.diagnosisCodes,
      CLAIM.prescribedOn,
    ]) {
      expect(JSON.stringify(details)).not.toContain(secret);
    }
    // The buyer reads the claim data back on the order page.
    const page = await (await get(`/account/orders/${byPhone.session.reference}`, byPhone.client)).text();
    for (const shown of [CLAIM.prescriberNpi, CLAIM.diagnosisCodes, 'January 15, 2026', '13 months']) {
      expect(page, shown).toContain(shown);
    }
    // And in their data download, opened for them alone.
    const download = (await (await get('/account/data', byPhone.client)).json()) as {
      orders: { reference: string; prescription: Record<string, unknown> | null }[];
    };
    const ordered = download.orders.find((o) => o.reference === byPhone.session.reference);
    expect(ordered?.prescription).toMatchObject({
      kind: 'prescriber',
      prescriberName: PRESCRIBER,
      prescriberPhone: PHONE,
      prescriberNpi: CLAIM.prescriberNpi,
      diagnosisCodes: [CLAIM.diagnosisCodes],
      prescribedOn: CLAIM.prescribedOn,
      lengthOfNeedMonths: 13,
      status: 'submitted',
    });

    const byFile = await rxCheckout();
    const pdf = await prescriptionPdf();
    const upload = await sendPrescription(
      t.url,
      byFile.client.cookieHeader(),
      byFile.session.orderId,
      { kind: 'upload' },
      { bytes: pdf, name: FILE_NAME, type: 'application/pdf' },
    );
    expect(upload.status).toBe(201);
    const stored = await row(byFile.session.orderId);
    const bytes = Buffer.from(stored.bytes!);
    expect(bytes[0]).toBe(1);
    expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
    expect(stored.file_name).toMatch(/^hd1\./);
    expect(Number(stored.size)).toBe(pdf.length);
    const own = await get(`/account/orders/${byFile.session.reference}/prescription`, byFile.client);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain(`filename="${FILE_NAME}"`);
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    // The buyer's own reads are not staff reads.
    expect(await reads(byFile.session.reference)).toEqual([]);

    if (engine === 'sqlite') {
      // The database file and its WAL, byte for byte: no prescriber, phone or file name in the clear.
      const dir = t.db.dir;
      for (const name of readdirSync(dir).filter((file) => /\.db(-wal)?$/.test(file))) {
        const content = readFileSync(path.join(dir, name));
        for (const secret of ['Quillfeather', '555-0143', 'Sleep apnea', CLAIM.prescriberNpi]) {
          expect(content.includes(Buffer.from(secret)), `${secret} in ${name}`).toBe(false);
        }
      }
    }
  });

  it("writes each staff read of a prescription's details or file to the audit log", async () => {
    const buyer = await rxCheckout();
    await sendPrescription(
      t.url,
      buyer.client.cookieHeader(),
      buyer.session.orderId,
      { kind: 'upload' },
      { bytes: await prescriptionPdf(), name: FILE_NAME, type: 'application/pdf' },
    );
    const { reference } = buyer.session;
    const page = await get(`/admin/orders/${reference}`, staff.client);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(FILE_NAME);
    const file = await get(`/admin/orders/${reference}/prescription`, staff.client);
    expect(file.status).toBe(200);
    const entries = await reads(reference);
    expect(entries.map((e) => [e.actor_email, JSON.parse(e.after ?? '{}').what])).toEqual(
      expect.arrayContaining([
        [staff.email, 'prescription details'],
        [staff.email, 'prescription file'],
      ]),
    );
    expect(entries).toHaveLength(2);
    // The log names what was read, never what it says.
    expect(JSON.stringify(entries)).not.toContain('Sleep apnea');
  });

  it("erases a deleted account's prescriptions: file, prescriber and claim data gone, the review's outcome kept", async () => {
    const buyer = await rxCheckout();
    await sendPrescription(t.url, buyer.client.cookieHeader(), buyer.session.orderId, {
      kind: 'prescriber',
      prescriberName: PRESCRIBER,
      prescriberPhone: PHONE,
      ...CLAIM,
    });
    expect((await row(buyer.session.orderId)).prescriber_npi).toMatch(/^hd1\./);
    const deleted = await postForm(t, buyer.client, '/account', { intent: 'delete-account', confirm: 'yes' });
    expect(deleted.status).toBe(302);
    expect(await row(buyer.session.orderId)).toMatchObject({
      kind: 'prescriber',
      bytes: null,
      file_name: null,
      prescriber_name: null,
      prescriber_phone: null,
      prescriber_npi: null,
      diagnosis_codes: null,
      prescribed_on: null,
      length_of_need: null,
    });
  });

  it('still reads a value written before sealing began, as it is', async () => {
    const buyer = await rxCheckout();
    await sendPrescription(t.url, buyer.client.cookieHeader(), buyer.session.orderId, {
      kind: 'prescriber',
      prescriberName: PRESCRIBER,
      prescriberPhone: PHONE,
    });
    await db()
      .updateTable('prescriptions')
      .set({ prescriber_name: 'Dr. Legacy Plaintext' })
      .where('order_id', '=', buyer.session.orderId)
      .execute();
    const page = await get(`/admin/orders/${buyer.session.reference}`, staff.client);
    const html = await page.text();
    expect(html).toContain('Dr. Legacy Plaintext');
    expect(html).toContain(PHONE);
  });
});
