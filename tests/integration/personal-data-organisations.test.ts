import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../support/cart';
import { startCheckout } from '../support/checkout';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { setLimits } from './approvals-support';
import { memberOf, organisationWith, productFor } from './invoices-support';
import { askQuote, PRODUCT_A, PRODUCT_B, priceQuote, stockUp } from './quotes-support';
import { deliveredOrder, RETURNABLE_A, returnForm } from './returns-support';

const APPROVALS = '/account/organisation/approvals';
const TOKEN_HASH = 'a'.repeat(64);
const OTHER_TOKEN_HASH = 'b'.repeat(64);

/**
 * "Your data" for organisation buying (the rest of the download and the deletion are
 * account-security.test.ts's): a buyer's membership, invitation, quote with its thread, the
 * approvals of their orders, the invoice and a return, built through the pages and checkout; an
 * approver's download holds their decisions and nothing of the buyer's. Then the deletion: a last
 * admin with colleagues is refused, the buyer's rows go or lose their name, records stay.
 */
describe.each(testEngines)('your data and deletion for organisation buying on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;
  type Member = Awaited<ReturnType<typeof memberOf>>;
  const scene = {} as {
    organisationId: string;
    admin: Member;
    buyer: Member;
    approved: { reference: string; orderId: string };
    sentBack: { reference: string; orderId: string };
    invoiceNumber: string;
    quoteReference: string;
  };

  beforeAll(async () => {
    t = await startTestServer(engine, {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
    staff = await staffClient(t, 'staff');
    await stockUp(t);
  });
  afterAll(async () => t.close());

  /** The buyer's cart over their $10 limit, checked out on terms with a PO: it waits. */
  async function waitingOrder(buyer: Member) {
    const line = productFor(20_000);
    await addToCart(buyer.client, line.product.id, line.quantity);
    const checkout = await startCheckout(buyer.client, { paymentMethod: 'invoice', poNumber: 'PO-7781' });
    expect(checkout.status, checkout.text).toBe(201);
    expect(checkout.session.approval).toBeTruthy();
    return { reference: checkout.session.reference, orderId: checkout.session.orderId };
  }

  async function download(member: Member) {
    const res = await member.client.get('/account/data');
    expect(res.status).toBe(200);
    return { text: res.text, data: JSON.parse(res.text) };
  }

  it('downloads the buyer’s membership, invitation, quote, approvals, invoice and return, and the approver’s decisions only', async () => {
    const organisationId = await organisationWith(t, { termsDays: 30 });
    const admin = await memberOf(t, organisationId, 'admin', 'Ada');
    const buyer = await memberOf(t, organisationId, 'buyer', 'Coral');
    const now = Date.now();
    const invitation = { organisation_id: organisationId, role: 'buyer' as const, invited_by: admin.userId };
    await db()
      .insertInto('organisation_invitations')
      .values(
        [
          { ...invitation, id: randomUUID(), email: buyer.email, token_hash: TOKEN_HASH },
          {
            ...invitation,
            id: randomUUID(),
            email: `else-${randomUUID()}@example.com`,
            token_hash: OTHER_TOKEN_HASH,
          },
        ].map((row) => ({
          ...row,
          created_at: now - 60_000,
          expires_at: now + 86_400_000,
          accepted_at: null,
          revoked_at: null,
        })),
      )
      .execute();
    await db()
      .updateTable('organisation_invitations')
      .set({ accepted_at: now })
      .where('token_hash', '=', TOKEN_HASH)
      .execute();

    const quoteReference = await askQuote(t, buyer.client, 'Forty of these for our clinics, please.');
    expect((await priceQuote(t, staff, quoteReference)).status).toBe(200);

    const delivered = await deliveredOrder(t, staff, buyer.client, buyer.email);
    const lines = { [delivered.item(RETURNABLE_A.id).id]: 1 };
    const asked = await postForm(
      t,
      buyer.client,
      delivered.path,
      returnForm(randomUUID(), 'damaged', lines, 'Crushed box.'),
    );
    expect(asked.status).toBe(200);

    await setLimits(db(), buyer.userId, { order: 1000 });
    const approved = await waitingOrder(buyer);
    expect(
      (await postForm(t, admin.client, APPROVALS, { intent: 'approve', reference: approved.reference }))
        .status,
    ).toBe(200);
    const invoice = await db()
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', approved.orderId)
      .executeTakeFirstOrThrow();
    const sentBack = await waitingOrder(buyer);
    const comment = 'Split this into two orders, please.';
    const back = await postForm(t, admin.client, APPROVALS, {
      intent: 'sendBack',
      reference: sentBack.reference,
      comment,
    });
    expect(back.status).toBe(200);
    Object.assign(scene, {
      organisationId,
      admin,
      buyer,
      approved,
      sentBack,
      invoiceNumber: invoice.number,
      quoteReference,
    });

    const { name } = await db()
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    const mine = await download(buyer);
    expect(mine.data.organisationMemberships).toEqual([
      {
        organisation: name,
        organisationStatus: 'approved',
        role: 'buyer',
        orderLimit: 10,
        monthlyLimit: null,
        joinedAt: expect.any(String),
      },
    ]);
    expect(mine.data.organisationInvitations).toEqual([
      expect.objectContaining({
        organisation: name,
        role: 'buyer',
        acceptedAt: expect.any(String),
        revokedAt: null,
      }),
    ]);
    expect(mine.data.quotes).toEqual([
      expect.objectContaining({
        reference: quoteReference,
        status: 'answered',
        expiresAt: expect.any(String),
        shipTo: expect.objectContaining({ state: 'TX' }),
        lines: [
          {
            productId: PRODUCT_A.id,
            name: PRODUCT_A.name,
            quantity: 40,
            listPrice: PRODUCT_A.price / 100,
            quotedPrice: 12.34,
          },
          {
            productId: PRODUCT_B.id,
            name: PRODUCT_B.name,
            quantity: 150,
            listPrice: PRODUCT_B.price / 100,
            quotedPrice: 5,
          },
        ],
        messages: [
          { from: 'you', sentAt: expect.any(String), message: 'Forty of these for our clinics, please.' },
          { from: 'MediSupply', sentAt: expect.any(String), message: 'Our best prices for this volume.' },
        ],
      }),
    ]);
    expect(mine.data.approvals).toEqual([
      expect.objectContaining({
        order: approved.reference,
        yourPart: 'asked for approval',
        status: 'approved',
        why: expect.any(String),
        comment: null,
      }),
      expect.objectContaining({
        order: sentBack.reference,
        status: 'returned',
        comment,
        decidedAt: expect.any(String),
      }),
    ]);
    expect(mine.data.invoices).toEqual([
      expect.objectContaining({
        number: invoice.number,
        order: approved.reference,
        amount: Number(invoice.amount) / 100,
        paid: 0,
        status: 'open',
        termsDays: 30,
        dueAt: expect.any(String),
      }),
    ]);
    expect(mine.data.returns).toEqual([
      expect.objectContaining({
        order: delivered.reference,
        status: 'requested',
        reason: 'damaged',
        note: 'Crushed box.',
        lines: [expect.objectContaining({ productId: RETURNABLE_A.id, quantity: 1 })],
      }),
    ]);
    expect(mine.data.orders).toContainEqual(
      expect.objectContaining({ reference: approved.reference, purchaseOrder: 'PO-7781' }),
    );
    // No token hash, no one else's invitation, no id of the admin's or of staff.
    for (const secret of [TOKEN_HASH, OTHER_TOKEN_HASH, 'else-', admin.userId, staff.id]) {
      expect(mine.text).not.toContain(secret);
    }

    const theirs = await download(admin);
    expect(theirs.data.organisationMemberships).toEqual([
      expect.objectContaining({ role: 'admin', orderLimit: null }),
    ]);
    expect(theirs.data.approvals).toEqual([
      {
        order: approved.reference,
        yourPart: 'decided',
        status: 'approved',
        comment: null,
        requestedAt: expect.any(String),
        decidedAt: expect.any(String),
      },
      expect.objectContaining({
        order: sentBack.reference,
        yourPart: 'decided',
        status: 'returned',
        comment,
      }),
    ]);
    expect(theirs.data.approvals[1]).not.toHaveProperty('why');
    expect([
      theirs.data.quotes,
      theirs.data.invoices,
      theirs.data.returns,
      theirs.data.organisationInvitations,
    ]).toEqual([[], [], [], []]);
    expect(theirs.text).not.toContain('Coral');
    expect(theirs.text).not.toContain(buyer.email);
  });

  it('refuses to delete a last admin with colleagues; deletes the buyer’s rows and keeps orders and invoices without them', async () => {
    const { admin, buyer, approved, sentBack } = scene;
    expect(buyer, 'the download test builds the scene').toBeDefined();
    const refused = await postForm(t, admin.client, '/account', { intent: 'delete-account', confirm: 'yes' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('You are the only admin of your organisation');
    expect((await admin.client.get('/api/auth/get-session?disableCookieCache=true')).body).not.toBeNull();

    // One still waiting when the buyer leaves: no one could pay for or receive it.
    const waiting = await waitingOrder(buyer);
    const deleted = await postForm(t, buyer.client, '/account', { intent: 'delete-account', confirm: 'yes' });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe('/?account=deleted');

    const rowsOf = (table: 'organisation_members' | 'quotes') =>
      db().selectFrom(table).select('user_id').where('user_id', '=', buyer.userId).execute();
    expect(await rowsOf('organisation_members')).toEqual([]);
    expect(await rowsOf('quotes')).toEqual([]);
    const invitations = await db()
      .selectFrom('organisation_invitations')
      .select('token_hash')
      .where('organisation_id', '=', scene.organisationId)
      .execute();
    expect(invitations).toEqual([{ token_hash: OTHER_TOKEN_HASH }]);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', approved.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_id: null,
      email: null,
      buyer_name: null,
      ship_name: null,
      po_number: 'PO-7781',
      status: 'invoiced',
    });
    const invoice = await db()
      .selectFrom('invoices')
      .select(['number', 'status'])
      .where('order_id', '=', approved.orderId)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ number: scene.invoiceNumber, status: 'open' });
    const approvalOf = (orderId: string) =>
      db()
        .selectFrom('order_approvals')
        .select(['status', 'comment'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    expect(await approvalOf(sentBack.orderId)).toEqual({
      status: 'returned',
      comment: 'Split this into two orders, please.',
    });
    expect((await approvalOf(waiting.orderId)).status).toBe('withdrawn');
    const cancelled = await db()
      .selectFrom('orders')
      .select('status')
      .where('id', '=', waiting.orderId)
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe('cancelled');

    // Now the only member: the admin may leave; what they wrote as an approver goes, the decision stays.
    const left = await postForm(t, admin.client, '/account', { intent: 'delete-account', confirm: 'yes' });
    expect(left.status).toBe(302);
    expect(await approvalOf(sentBack.orderId)).toEqual({ status: 'returned', comment: null });
    expect(
      await db()
        .selectFrom('organisation_members')
        .select('user_id')
        .where('organisation_id', '=', scene.organisationId)
        .execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('organisations').select('id').where('id', '=', scene.organisationId).execute(),
    ).toHaveLength(1);
  });
});
