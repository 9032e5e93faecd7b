import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { pay, startCheckout } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import type { TestServer } from '../support/test-server';

/**
 * An approved organisation with its terms set straight in the database (the console form that
 * sets them is another part's), and members signed in through the real sign-up.
 */
export interface Terms {
  poRequired?: boolean;
  termsDays?: 15 | 30 | 60 | null;
  /** Cents. */
  creditLimit?: number | null;
}

export async function organisationWith(t: TestServer, terms: Terms): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await t.server.services.database.db
    .insertInto('organisations')
    .values({
      id,
      name: `Harbor Home Care ${id.slice(0, 6)}`,
      kind: 'home_care_agency',
      line1: '77 Dock Street',
      line2: null,
      city: 'Portland',
      state: 'OR',
      zip: '97209',
      phone: null,
      npi: null,
      tax_id: null,
      status: 'approved',
      refusal_reason: null,
      applied_by: 'test',
      decided_by: 'test',
      decided_at: now,
      po_required: terms.poRequired ? 1 : 0,
      terms_days: terms.termsDays === undefined ? 30 : terms.termsDays,
      credit_limit: terms.creditLimit === undefined ? null : terms.creditLimit,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function memberOf(
  t: TestServer,
  organisationId: string,
  role: 'admin' | 'approver' | 'buyer',
  firstName = 'Dana',
): Promise<{ client: TestClient; email: string; userId: string }> {
  const { client, email } = await signedInClient(t.url, firstName);
  const db = t.server.services.database.db as unknown as Kysely<{ user: { id: string; email: string } }>;
  const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await t.server.services.database.db
    .insertInto('organisation_members')
    .values({
      organisation_id: organisationId,
      user_id: user.id,
      role,
      order_limit: null,
      monthly_limit: null,
      added_at: Date.now(),
    })
    .execute();
  return { client, email, userId: user.id };
}

/** A stocked product, no prescription, and how many make an order of at least `cents`. */
export function productFor(cents: number, index = 0) {
  const candidates = SEED_PRODUCTS.filter(
    (p) =>
      isPurchasable(p.stock) &&
      p.onHand >= 40 &&
      !p.prescriptionRequired &&
      !p.freightOnly &&
      p.price <= cents / 4,
  );
  const product = candidates[index]!;
  return { product, quantity: Math.ceil(cents / product.price) };
}

/** Puts the product in the member's cart and places the order on invoice terms. */
export async function placeOnTerms(
  client: TestClient,
  email: string,
  line: { product: { id: string }; quantity: number },
  body: Record<string, unknown> = {},
) {
  await addToCart(client, line.product.id, line.quantity);
  const session = await startCheckout(client, { paymentMethod: 'invoice', ...body });
  expect(session.status, session.text).toBe(201);
  return { session: session.session, paid: await pay(client, session.session.orderId, invoiceBody(email)) };
}

export const invoiceBody = (email: string) => ({ paymentMethod: 'invoice', email });
