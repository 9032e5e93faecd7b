import { expect } from 'vitest';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { addToCart } from '../support/cart';
import { TEST_ADDRESS } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { postForm, type TestStaff } from '../support/staff';
import type { TestServer } from '../support/test-server';

/** Two plain products (no prescription, no freight) the quotes ask for in quantity. */
const plain = SEED_PRODUCTS.filter(
  (p) => isPurchasable(p.stock) && !p.prescriptionRequired && !p.freightOnly && !p.taxExempt,
);
export const PRODUCT_A = plain[0]!;
export const PRODUCT_B = plain[1]!;

/** Enough units on the shelf for quantities a cart could never hold. */
export async function stockUp(t: TestServer, units = 1000) {
  await t.server.services.database.db
    .updateTable('inventory')
    .set({ on_hand: units })
    .where('product_id', 'in', [PRODUCT_A.id, PRODUCT_B.id])
    .execute();
}

/** A day a few days ahead, as the console's date field sends it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The shopper's cart (2 of A, 1 of B) asked as 40 of A and 150 of B, through the form as posted
 * without scripts; returns the new quote's reference.
 */
export async function askQuote(
  t: TestServer,
  shopper: TestClient,
  message = 'We need these for our clinics.',
) {
  await addToCart(shopper, PRODUCT_A.id, 2);
  await addToCart(shopper, PRODUCT_B.id, 1);
  const asked = await postForm(t, shopper, '/account/quotes', {
    intent: 'ask',
    [`qty-${PRODUCT_A.id}`]: '40',
    [`qty-${PRODUCT_B.id}`]: '150',
    // A state with sales tax, so the totals show it.
    ...TEST_ADDRESS,
    state: 'TX',
    message,
  });
  expect(asked.status).toBe(302);
  const reference = /\/account\/quotes\/(Q-[2-9A-HJKMNP-Z]{6})$/.exec(asked.location ?? '')?.[1];
  expect(reference).toBeDefined();
  return reference!;
}

/** Staff price the quote: $12.34 for each of A, $5.00 for each of B, good for `days`. */
export async function priceQuote(t: TestServer, staff: TestStaff, reference: string, days = 5) {
  const db = t.server.services.database.db;
  const lines = await db
    .selectFrom('quote_lines')
    .innerJoin('quotes', 'quotes.id', 'quote_lines.quote_id')
    .select(['quote_lines.id', 'quote_lines.product_id'])
    .where('quotes.reference', '=', reference)
    .execute();
  const price = (productId: string) => (productId === PRODUCT_A.id ? '12.34' : '5');
  const fields: Record<string, string> = {
    intent: 'answer',
    expires: inDays(days),
    message: 'Our best prices for this volume.',
  };
  for (const line of lines) fields[`price-${line.id}`] = price(line.product_id);
  return postForm(t, staff.client, `/admin/quotes/${reference}`, fields);
}
