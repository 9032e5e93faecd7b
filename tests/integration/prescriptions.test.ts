import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { pdfText } from '../support/pdf-text';
import { prescriptionImage, prescriptionPdf, sendPrescription } from '../support/prescription-files';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

const rx = PRODUCTS.find(
  (p) => p.prescriptionRequired && isPurchasable(p.stock) && p.onHand >= 10 && !p.freightOnly,
)!;

describe.each(testEngines)('prescriptions on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const gatewayCalls = { capture: 0, refund: 0 };

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    // Counted at the edge of the store: the (test) card processor.
    const gateway = t.server.services.payments;
    const capture = gateway.capture.bind(gateway);
    const refund = gateway.refund.bind(gateway);
    gateway.capture = (request) => {
      gatewayCalls.capture++;
      return capture(request);
    };
    gateway.refund = (request) => {
      gatewayCalls.refund++;
      return refund(request);
    };
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.database.db;
  const orderRow = (reference: string) =>
    db().selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const prescriptionCount = async (orderId: string) =>
    Number(
      (
        await db()
          .selectFrom('prescriptions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const onHand = async () =>
    Number(
      (
        await db()
          .selectFrom('inventory')
          .select('on_hand')
          .where('product_id', '=', rx.id)
          .executeTakeFirstOrThrow()
      ).on_hand,
    );
  const get = (path: string, client?: TestClient) =>
    fetch(`${t.url}${path}`, {
      headers: client ? { cookie: client.cookieHeader() } : {},
      redirect: 'manual',
    });

  async function rxCheckout() {
    const buyer = await signedInClient(t.url);
    expect((await addToCart(buyer.client, rx.id, 1)).status).toBe(200);
    const { session, status } = await startCheckout(buyer.client, { items: [] });
    expect(status).toBe(201);
    expect(session.prescriptionRequired).toBe(true);
    return { ...buyer, session };
  }

  it('refuses a bank transfer for prescription items, and paying before the prescription is given', async () => {
    const buyer = await signedInClient(t.url);
    await addToCart(buyer.client, rx.id, 1);
    const bank = await startCheckout(buyer.client, { items: [], paymentMethod: 'bank_transfer' });
    expect(bank.status).toBe(409);
    expect(bank.text).toContain('paid by card');

    const { client, session, email } = await rxCheckout();
    const early = await pay(client, session.orderId, cardPayment(undefined, email));
    expect(early.status).toBe(409);
    expect(early.text).toContain('add your prescription');
    const order = await orderRow(session.reference);
    expect(order.status).toBe('pending');
    expect(order.transaction_id).toBeNull();
    expect(gatewayCalls.capture).toBe(0);
  });

  it('refuses a file that is not what it claims to be, or too large, and stores nothing', async () => {
    const { client, session } = await rxCheckout();
    const cookie = client.cookieHeader();
    const png = await prescriptionImage('png');
    const cases = [
      // PNG bytes named and typed as a PDF.
      { bytes: png, name: 'prescription.pdf', type: 'application/pdf', status: 400, says: 'not the PDF' },
      // Text dressed as a PDF.
      {
        bytes: Buffer.from('<script>alert(1)</script>'),
        name: 'rx.pdf',
        type: 'application/pdf',
        status: 400,
        says: 'PDF, JPEG or PNG',
      },
      // A PDF's start without its end: a cut file.
      {
        bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\n'),
        name: 'rx.pdf',
        type: 'application/pdf',
        status: 400,
        says: 'PDF, JPEG or PNG',
      },
      // A JPEG's first bytes on a broken body.
      {
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
        name: 'rx.jpg',
        type: 'image/jpeg',
        status: 400,
        says: 'could not be read',
      },
      // Over 10 MB.
      {
        bytes: Buffer.concat([await prescriptionPdf(), Buffer.alloc(10 * 1024 * 1024)]),
        name: 'big.pdf',
        type: 'application/pdf',
        status: 400,
        says: 'larger than 10 MB',
      },
    ];
    for (const c of cases) {
      const response = await sendPrescription(t.url, cookie, session.orderId, { kind: 'upload' }, c);
      expect(response.status, c.name).toBe(c.status);
      expect(await response.text(), c.name).toContain(c.says);
    }
    const noPhone = await sendPrescription(t.url, cookie, session.orderId, {
      kind: 'prescriber',
      prescriberName: 'Dr. Ana Ruiz',
      prescriberPhone: '12',
    });
    expect(noPhone.status).toBe(400);
    expect(await prescriptionCount(session.orderId)).toBe(0);

    // Someone else's order is not found, and gets nothing stored either.
    const other = await signedInClient(t.url);
    const theirs = await sendPrescription(
      t.url,
      other.client.cookieHeader(),
      session.orderId,
      { kind: 'upload' },
      {
        bytes: await prescriptionPdf(),
        name: 'rx.pdf',
        type: 'application/pdf',
      },
    );
    expect(theirs.status).toBe(404);
    expect(await prescriptionCount(session.orderId)).toBe(0);
  });

  it('authorises, does not capture; the file is private; approval captures once and the receipt follows', async () => {
    const { client, session, email } = await rxCheckout();
    const stockBefore = await onHand();
    const pdf = await prescriptionPdf();
    const sent = await sendPrescription(
      t.url,
      client.cookieHeader(),
      session.orderId,
      { kind: 'upload' },
      {
        bytes: pdf,
        name: 'Dr Ruiz prescription.pdf',
        type: 'application/pdf',
      },
    );
    expect(sent.status).toBe(201);
    const paid = await pay(client, session.orderId, cardPayment(undefined, email));
    expect(paid.status, paid.text).toBe(200);

    let order = await orderRow(session.reference);
    expect(order.status).toBe('authorized');
    expect(order.transaction_id).toMatch(/^test_auth_/);
    expect(order.paid_at).toBeNull();
    expect(await onHand()).toBe(stockBefore - 1);
    expect(gatewayCalls.capture).toBe(0);
    // No receipt until the card is charged; the buyer's order page says what is happening.
    expect((await get(`/account/orders/${session.reference}/receipt.pdf`, client)).status).toBe(404);
    const page = await get(`/account/orders/${session.reference}`, client);
    const html = await page.text();
    expect(html).toContain('Awaiting prescription review');
    expect(html).toContain('is authorised for');
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(session.reference));
    expect(mail.text).toContain('not charged');
    expect(mail.text).not.toContain('receipt.pdf');

    // The file: the buyer and staff, as a download; anyone else: not found.
    const path = `/account/orders/${session.reference}/prescription`;
    const own = await get(path, client);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Dr Ruiz prescription.pdf"/,
    );
    expect(own.headers.get('content-security-policy')).toContain('sandbox');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await own.arrayBuffer()).equals(pdf)).toBe(true);
    const other = await signedInClient(t.url);
    expect((await get(path, other.client)).status).toBe(404);
    expect((await get(`/admin/orders/${session.reference}/prescription`, other.client)).status).toBe(404);
    expect((await get(path)).status).toBe(302);
    const forStaff = await get(`/admin/orders/${session.reference}/prescription`, staff.client);
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get('content-disposition')).toMatch(/^attachment;/);

    // The console points at it: the dashboard, and the order list's filter.
    expect(await (await get('/admin', staff.client)).text()).toContain('1 order awaits prescription review');
    expect(await (await get('/admin/orders?status=authorized', staff.client)).text()).toContain(
      session.reference,
    );

    // Two members of staff approving at once: one capture, one paid order.
    const consolePath = `/admin/orders/${session.reference}`;
    const [first, second] = await Promise.all([
      postForm(t, staff.client, consolePath, { intent: 'approve-prescription' }),
      postForm(t, staff.client, consolePath, { intent: 'approve-prescription' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(gatewayCalls.capture).toBe(1);
    order = await orderRow(session.reference);
    expect(order.status).toBe('paid');
    expect(order.paid_at).not.toBeNull();
    expect(order.transaction_id).toMatch(/^test_auth_/);
    const again = await postForm(t, staff.client, consolePath, { intent: 'approve-prescription' });
    expect(again.status).toBe(409);
    expect(gatewayCalls.capture).toBe(1);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', session.reference)
      .execute();
    expect(audit.map((a) => a.action)).toContain('order.prescription.approve');

    const approved = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('is approved'));
    expect(approved.text).toContain('receipt.pdf?key=');
    const receipt = await get(`/account/orders/${session.reference}/receipt.pdf`, client);
    expect(receipt.status).toBe(200);
    const text = await pdfText(new Uint8Array(await receipt.arrayBuffer()));
    expect(text).toContain(rx.name.slice(0, 20));
    expect(text).toContain(rx.hsaFsaEligible ? 'HSA/FSA eligible' : 'Not eligible');
  });

  it('rejection needs a reason, voids the authorisation, cancels the order, returns the stock and mails the buyer', async () => {
    const { client, session, email } = await rxCheckout();
    const stockBefore = await onHand();
    const sent = await sendPrescription(t.url, client.cookieHeader(), session.orderId, {
      kind: 'prescriber',
      prescriberName: 'Dr. Ana Ruiz',
      prescriberPhone: '(503) 555-0199',
    });
    expect(sent.status).toBe(201);
    expect((await pay(client, session.orderId, cardPayment(undefined, email))).status).toBe(200);
    expect(await onHand()).toBe(stockBefore - 1);

    const consolePath = `/admin/orders/${session.reference}`;
    const customer = await staffClient(t, 'customer');
    expect(
      (
        await postForm(t, customer.client, consolePath, {
          intent: 'reject-prescription',
          reason: 'No signature',
        })
      ).status,
    ).toBe(404);
    const noReason = await postForm(t, staff.client, consolePath, {
      intent: 'reject-prescription',
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect((await orderRow(session.reference)).status).toBe('authorized');

    const refundsBefore = gatewayCalls.refund;
    const reason = 'The prescription has expired. Please ask your doctor for a new one.';
    const rejected = await postForm(t, staff.client, consolePath, { intent: 'reject-prescription', reason });
    expect(rejected.status).toBe(200);
    expect(gatewayCalls.refund).toBe(refundsBefore + 1);
    const order = await orderRow(session.reference);
    expect(order.status).toBe('cancelled');
    expect(order.cancelled_by).toBe('staff');
    expect(Number(order.stock_held)).toBe(0);
    expect(await onHand()).toBe(stockBefore);
    const row = await db()
      .selectFrom('prescriptions')
      .select(['status', 'reason', 'reviewed_by'])
      .where('order_id', '=', session.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'rejected', reason, reviewed_by: staff.email });
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('could not accept'));
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain('not charged');
    // Nothing more to review: approving now is refused and captures nothing.
    const captures = gatewayCalls.capture;
    expect((await postForm(t, staff.client, consolePath, { intent: 'approve-prescription' })).status).toBe(
      409,
    );
    expect(gatewayCalls.capture).toBe(captures);
    // The buyer sees why.
    expect(await (await get(`/account/orders/${session.reference}`, client)).text()).toContain('expired');
  });
});
