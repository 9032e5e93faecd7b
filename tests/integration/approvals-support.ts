import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { insertOrder } from '../../app/commerce/orders/orders.server';
import type { DatabaseSchema } from '../../server/db/schema';
import { signedInClient } from '../support/accounts';
import type { TestClient } from '../support/http-client';
import type { TestServer } from '../support/test-server';

/** Products with plenty of units, priced over $10 (over a $10 order limit on their own). */
export const STOCKED = SEED_PRODUCTS.filter(
  (p) => isPurchasable(p.stock) && p.onHand >= 40 && p.price > 1000,
);

type Db = Kysely<DatabaseSchema>;

export interface Member {
  client: TestClient;
  email: string;
  userId: string;
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const users = db as unknown as Kysely<{ user: { id: string; email: string } }>;
  const row = await users
    .selectFrom('user')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An approved organisation, as staff leave it after approving the application. */
export async function approvedOrganisation(db: Db, name: string, appliedBy: string): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await db
    .insertInto('organisations')
    .values({
      id,
      name,
      kind: 'clinic',
      line1: '1 Main Street',
      line2: null,
      city: 'Portland',
      state: 'OR',
      zip: '97204',
      phone: null,
      npi: null,
      tax_id: null,
      status: 'approved',
      refusal_reason: null,
      applied_by: appliedBy,
      decided_by: null,
      decided_at: now,
      terms_days: null,
      credit_limit: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A new signed-in account, made a member with this role and these limits (cents, null: none). */
export async function newMember(
  t: TestServer,
  organisationId: string,
  role: 'admin' | 'approver' | 'buyer',
  limits: { order?: number | null; monthly?: number | null } = {},
  firstName = 'Buyer',
): Promise<Member> {
  const db = t.server.services.database.db;
  const { client, email } = await signedInClient(t.url, firstName);
  const userId = await userIdOf(db, email);
  await db
    .insertInto('organisation_members')
    .values({
      organisation_id: organisationId,
      user_id: userId,
      role,
      order_limit: limits.order ?? null,
      monthly_limit: limits.monthly ?? null,
      added_at: Date.now(),
    })
    .execute();
  return { client, email, userId };
}

export async function setLimits(
  db: Db,
  userId: string,
  limits: { order?: number | null; monthly?: number | null },
) {
  await db
    .updateTable('organisation_members')
    .set({ order_limit: limits.order ?? null, monthly_limit: limits.monthly ?? null })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * A pending organisation order of `total` cents for one unit of the product, stored as the
 * checkout stores it but without cancelling the member's other unpaid orders: two orders of one
 * member both open at once, as two checkouts started together leave them.
 */
export async function openOrder(
  db: Db,
  member: Member,
  organisationId: string,
  product: (typeof STOCKED)[number],
  total: number,
) {
  return insertOrder(db, {
    userId: member.userId,
    email: member.email,
    paymentMethod: 'card',
    subtotal: total,
    shipping: 0,
    discount: 0,
    tax: 0,
    taxRate: 0,
    total,
    promoCode: null,
    shippingOption: 'standard',
    address: {
      recipientName: 'Pat Buyer',
      line1: '500 Pine Street',
      line2: '',
      city: 'Portland',
      state: 'OR',
      zip: '97204',
      phone: '(503) 555-0142',
    },
    items: [
      {
        productId: product.id,
        name: product.name,
        imageUrl: product.image,
        unitPrice: total,
        quantity: 1,
        lineTotal: total,
        hsaFsa: 'not-eligible',
        prescriptionRequired: false,
        hcpcsCode: null,
        hcpcsModifier: null,
      },
    ],
    organisation: { id: organisationId, buyerName: 'Pat Buyer', poNumber: null },
  });
}
