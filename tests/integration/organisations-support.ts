import { expect } from 'vitest';
import { insertOrder, type NewOrder } from '../../app/commerce/orders/orders.server';
import { createClient, type TestClient } from '../support/http-client';
import { postForm, type TestStaff } from '../support/staff';
import type { TestServer } from '../support/test-server';

/** An application as the page's form posts it; a valid NPI (Luhn over 80840 and its 9 digits). */
export const APPLICATION = {
  intent: 'apply',
  name: 'Riverside Home Care LLC',
  kind: 'home_care_agency',
  line1: '12 River Road',
  line2: '',
  city: 'Albany',
  state: 'ny',
  zip: '12207',
  phone: '(518) 555-0100',
  npi: '1234567893',
  taxId: '12-3456789',
};

export interface Member {
  client: TestClient;
  email: string;
  id: string;
}

let accounts = 0;

/**
 * A new signed-in account, each from an address of its own (X-Forwarded-For is believed from
 * loopback when the server trusts it: TRUSTED_PROXIES): these tests make more accounts than one address may sign up in a minute.
 */
export async function account(t: TestServer, firstName: string): Promise<Member> {
  const n = ++accounts;
  // Documentation addresses (TEST-NET-3): a header value only, never a destination.
  const client = createClient(t.url, { headers: { 'x-forwarded-for': `203.0.113.${(n % 250) + 1}` } });
  const email = `org-${process.pid}-${Date.now()}-${n}@example.com`;
  const body = {
    email,
    password: 'password-123',
    name: `${firstName} Tester`,
    firstName,
    lastName: 'Tester',
  };
  expect((await client.post('/api/auth/sign-up/email', body)).status).toBe(200);
  expect((await client.post('/api/auth/sign-in/email', { email, password: 'password-123' })).status).toBe(
    200,
  );
  const session = await client.get('/api/auth/get-session');
  return { client, email, id: (session.body as { user: { id: string } }).user.id };
}

/** An approved organisation whose admin is a new account. */
export async function approvedOrganisation(t: TestServer, staff: TestStaff, name = 'Riverside') {
  const admin = await account(t, `${name}Admin`);
  expect((await postForm(t, admin.client, '/account/organisation', { ...APPLICATION, name })).status).toBe(
    200,
  );
  const { db } = t.server.services.database;
  const org = await db
    .selectFrom('organisations')
    .selectAll()
    .where('applied_by', '=', admin.id)
    .executeTakeFirstOrThrow();
  expect(
    (await postForm(t, staff.client, `/admin/organisations/${org.id}`, { intent: 'approve' })).status,
  ).toBe(200);
  return { admin, org };
}

/** Invites `email` with `role` as the admin, and returns the token the mail carries. */
export async function invite(t: TestServer, admin: Member, email: string, role: string) {
  const sent = await postForm(t, admin.client, '/account/organisation', { intent: 'invite', email, role });
  expect(sent.status).toBe(200);
  const mail = await t.smtp.waitFor(
    (m) => m.to.includes(email.toLowerCase()) && m.subject.includes('invites you'),
  );
  const token = /organisation-invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return token ?? '';
}

export async function join(t: TestServer, admin: Member, role: string, firstName: string) {
  const person = await account(t, firstName);
  const token = await invite(t, admin, person.email, role);
  expect(
    (await postForm(t, person.client, `/organisation-invitation/${token}`, { intent: 'accept' })).status,
  ).toBe(200);
  return person;
}

/** A pending order placed by `member` for the organisation, as checkout stores it. */
export async function organisationOrder(
  t: TestServer,
  member: Member,
  organisationId: string,
  buyerName: string,
) {
  const order: NewOrder = {
    userId: member.id,
    email: member.email,
    paymentMethod: 'card',
    subtotal: 1000,
    shipping: 0,
    discount: 0,
    tax: 0,
    taxRate: 0,
    total: 1000,
    promoCode: null,
    shippingOption: 'standard',
    address: {
      recipientName: buyerName,
      line1: '12 River Road',
      line2: '',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
      phone: '(518) 555-0100',
    },
    items: [
      {
        productId: 'p-1',
        name: 'Walker',
        imageUrl: '/images/walker.webp',
        unitPrice: 1000,
        quantity: 1,
        lineTotal: 1000,
        hsaFsa: 'eligible',
        prescriptionRequired: false,
        hcpcsCode: null,
        hcpcsModifier: null,
      },
    ],
    organisation: { id: organisationId, buyerName, poNumber: null },
  };
  return insertOrder(t.server.services.database.db, order);
}
