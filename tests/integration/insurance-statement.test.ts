import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { CLAIM_TEXT } from '../../app/commerce/prescriptions/claim-data';
import { formatOrderDate } from '../../app/commerce/orders/order-status';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout, TEST_ADDRESS } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { pdfText } from '../support/pdf-text';
import { prescriptionPdf, sendPrescription } from '../support/prescription-files';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const cpap = PRODUCTS.find(
  (p) =>
    p.prescriptionRequired &&
    p.hcpcsCode === 'E0601' &&
    isPurchasable(p.stock) &&
    p.onHand >= 10 &&
    !p.freightOnly,
)!;
const CLAIM = {
  prescriberName: 'Dr. Ottoline Brackenridge',
  prescriberNpi: '1234567893',
  diagnosisCodes: 'g47.33, J96.11',
  prescribedOn: '2026-02-03',
  lengthOfNeed: '99',
};
const SUPPLIER = { npi: '1245319599', taxId: '31-4159265' };

/**
 * The claim data and the insurance statement (issue 35, points 2 and 3; docs/decisions/0063):
 * a wrong NPI, code, date or length of need is refused with its field's message and stores
 * nothing; the statement prints the supplier, prescriber, diagnosis and each line's HCPCS code,
 * for the buyer's own account and, audited, for staff; nobody else gets it.
 */
describe.each(testEngines)('insurance statement on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.database.db;
  const get = (path: string, client?: TestClient) =>
    fetch(`${t.url}${path}`, {
      headers: client ? { cookie: client.cookieHeader() } : {},
      redirect: 'manual',
    });
  const stored = (orderId: string) =>
    db().selectFrom('prescriptions').selectAll().where('order_id', '=', orderId).execute();

  async function cpapCheckout() {
    const buyer = await signedInClient(t.url);
    expect((await addToCart(buyer.client, cpap.id, 1)).status).toBe(200);
    const { session } = await startCheckout(buyer.client, { items: [] });
    expect(session.prescriptionRequired).toBe(true);
    return { ...buyer, session };
  }

  it("refuses a wrong NPI, diagnosis code, date or length of need with its field's message, and keeps what was there", async () => {
    const buyer = await cpapCheckout();
    const send = (fields: Record<string, string>) =>
      sendPrescription(t.url, buyer.client.cookieHeader(), buyer.session.orderId, {
        kind: 'prescriber',
        prescriberName: CLAIM.prescriberName,
        prescriberPhone: '(503) 555-0143',
        ...fields,
      });
    const cases: [string, string, string][] = [
      ['prescriberNpi', '1234567890', CLAIM_TEXT.npiCheck],
      ['prescriberNpi', '12345', CLAIM_TEXT.npiFormat],
      ['diagnosisCodes', 'G47.33, 4733', '"4733" is not an ICD-10 code'],
      ['diagnosisCodes', 'A00, B01, C02, D03, E04', CLAIM_TEXT.diagnosisTooMany],
      ['prescribedOn', '2099-01-01', CLAIM_TEXT.prescribedOnFuture],
      ['prescribedOn', '2026-02-30', CLAIM_TEXT.prescribedOnFormat],
      ['lengthOfNeed', '100', CLAIM_TEXT.lengthOfNeedFormat],
      ['lengthOfNeed', 'lifetime', CLAIM_TEXT.lengthOfNeedFormat],
    ];
    for (const [field, value, message] of cases) {
      const refused = await send({ [field]: value });
      expect(refused.status, value).toBe(400);
      const body = (await refused.json()) as { error: { message: string; fields: Record<string, string> } };
      expect(body.error.fields[field], value).toContain(message);
    }
    const unknown = await send({ diagnosis: 'G47.33' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain(
      'Unknown field: diagnosis',
    );
    expect(await stored(buyer.session.orderId)).toEqual([]);

    // A good one is kept; a wrong one sent after it changes nothing.
    expect((await send({ prescriberNpi: CLAIM.prescriberNpi })).status).toBe(201);
    const before = await stored(buyer.session.orderId);
    expect((await send({ prescriberNpi: '1234567894' })).status).toBe(400);
    expect(await stored(buyer.session.orderId)).toEqual(before);
  });

  it('prints the claim on the statement: for the buyer once paid, for staff with an audit entry, for nobody else', async () => {
    const admin = await staffClient(t, 'admin');
    const saved = await postForm(t, admin.client, '/admin/shipping-tax', { intent: 'supplier', ...SUPPLIER });
    expect(saved.status).toBe(200);

    const buyer = await cpapCheckout();
    const { reference, orderId } = buyer.session;
    const upload = await sendPrescription(
      t.url,
      buyer.client.cookieHeader(),
      orderId,
      { kind: 'upload', ...CLAIM },
      { bytes: await prescriptionPdf(), name: 'cpap-rx.pdf', type: 'application/pdf' },
    );
    expect(upload.status).toBe(201);
    expect((await pay(buyer.client, orderId, cardPayment(undefined, buyer.email))).status).toBe(200);
    const path = `/account/orders/${reference}/insurance-statement.pdf`;
    // Authorised, not charged: nothing was paid yet, so no statement.
    expect((await get(path, buyer.client)).status).toBe(404);

    const consolePage = `/admin/orders/${reference}`;
    expect((await postForm(t, staff.client, consolePage, { intent: 'approve-prescription' })).status).toBe(
      200,
    );
    const orderPage = await get(`/account/orders/${reference}`, buyer.client);
    const html = await orderPage.text();
    for (const shown of [
      CLAIM.prescriberName,
      CLAIM.prescriberNpi,
      'G47.33, J96.11',
      '99 months (lifetime)',
    ]) {
      expect(html, shown).toContain(shown);
    }
    expect(html).toContain(`href="${path}"`);

    const statement = await get(path, buyer.client);
    expect(statement.status).toBe(200);
    expect(statement.headers.get('content-type')).toBe('application/pdf');
    expect(statement.headers.get('content-disposition')).toBe(
      `attachment; filename="MediSupply-insurance-statement-${reference}.pdf"`,
    );
    expect(statement.headers.get('cache-control')).toBe('no-store');
    const text = await pdfText(new Uint8Array(await statement.arrayBuffer()));
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    for (const expected of [
      'Insurance statement',
      reference,
      `Patient: ${TEST_ADDRESS.recipientName}`,
      `Order date: ${formatOrderDate(Number(order.created_at))}`,
      'Date of service (delivery): Not delivered yet',
      `Supplier NPI: ${SUPPLIER.npi}`,
      `Tax id (EIN): ${SUPPLIER.taxId}`,
      '1200 Harbor Park Drive',
      `Prescriber: ${CLAIM.prescriberName}`,
      `Prescriber NPI: ${CLAIM.prescriberNpi}`,
      'Diagnosis codes (ICD-10-CM): G47.33, J96.11',
      'Date of prescription: February 3, 2026',
      'Length of need: 99 months (lifetime)',
      `${cpap.name.slice(0, 20)}`,
      'E0601 NU 1',
      'Visa ending in 4242',
      `Payment date: ${formatOrderDate(Number(order.paid_at))}`,
    ]) {
      expect(text, expected).toContain(expected);
    }

    // Anyone else: the same 404 as an order that does not exist; a guest is sent to sign in.
    const other = await signedInClient(t.url);
    expect((await get(path, other.client)).status).toBe(404);
    expect((await get(`/account/orders/MS-ZZZZZZZZ/insurance-statement.pdf`, buyer.client)).status).toBe(404);
    expect([302, 303]).toContain((await get(path)).status);
    const customerOnConsole = await get(`/admin/orders/${reference}/insurance-statement.pdf`, other.client);
    expect(customerOnConsole.status).not.toBe(200);

    // Staff: the console page shows the claim data; the download is an audited read.
    const console = await get(consolePage, staff.client);
    expect(await console.text()).toContain(CLAIM.prescriberNpi);
    const staffCopy = await get(`/admin/orders/${reference}/insurance-statement.pdf`, staff.client);
    expect(staffCopy.status).toBe(200);
    expect(await pdfText(new Uint8Array(await staffCopy.arrayBuffer()))).toContain(CLAIM.prescriberNpi);
    const reads = await db()
      .selectFrom('audit_log')
      .select(['actor_email', 'after'])
      .where('action', '=', 'health_data.read')
      .where('target_id', '=', reference)
      .execute();
    expect(reads.map((r) => [r.actor_email, JSON.parse(r.after ?? '{}').what])).toEqual(
      expect.arrayContaining([[staff.email, 'insurance statement']]),
    );
    expect(JSON.stringify(reads)).not.toContain(CLAIM.prescriberNpi);

    // Delivered: the statement gives the date of service.
    await postForm(t, staff.client, consolePage, { intent: 'pack' });
    await postForm(t, staff.client, consolePage, {
      intent: 'ship',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect((await postForm(t, staff.client, consolePage, { intent: 'deliver' })).status).toBe(200);
    const delivered = await db()
      .selectFrom('orders')
      .select('delivered_at')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const later = await pdfText(new Uint8Array(await (await get(path, buyer.client)).arrayBuffer()));
    expect(later).toContain(`Date of service (delivery): ${formatOrderDate(Number(delivered.delivered_at))}`);
  });
});
