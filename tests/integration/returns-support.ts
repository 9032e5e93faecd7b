import { expect } from 'vitest';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { postForm, type TestStaff } from '../support/staff';
import type { TestServer } from '../support/test-server';

/** Two cheap returnable products (so the order pays shipping) and one the policy excludes once opened. */
const cheap = SEED_PRODUCTS.filter(
  (p) => isPurchasable(p.stock) && p.onHand >= 20 && !p.prescriptionRequired && p.price < 10000,
);
export const RETURNABLE_A = cheap.filter((p) => p.returnable)[0]!;
export const RETURNABLE_B = cheap.filter((p) => p.returnable)[1]!;
export const EXCLUDED = cheap.find((p) => !p.returnable)!;

/** A paid, delivered order of the shopper's: 2 of A, 1 of B and 1 of the excluded product. */
export async function deliveredOrder(t: TestServer, staff: TestStaff, shopper: TestClient, email: string) {
  await addToCart(shopper, RETURNABLE_A.id, 2);
  await addToCart(shopper, RETURNABLE_B.id, 1);
  await addToCart(shopper, EXCLUDED.id, 1);
  const { session } = await startCheckout(shopper, {});
  expect((await pay(shopper, session.orderId, cardPayment(undefined, email))).status).toBe(200);
  const path = `/admin/orders/${session.reference}`;
  expect((await postForm(t, staff.client, path, { intent: 'pack' })).status).toBe(200);
  const shipped = await postForm(t, staff.client, path, {
    intent: 'ship',
    carrier: 'ups',
    trackingNumber: '1Z999AA10123456784',
  });
  expect(shipped.status).toBe(200);
  expect((await postForm(t, staff.client, path, { intent: 'deliver' })).status).toBe(200);
  const db = t.server.services.database.db;
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('reference', '=', session.reference)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  const item = (productId: string) => items.find((i) => i.product_id === productId)!;
  return { order, reference: session.reference, path: `/account/orders/${session.reference}`, item };
}

/** The shopper's return form as posted without scripts. */
export function returnForm(
  key: string,
  reason: string,
  lines: Record<string, number>,
  note = '',
): Record<string, string> {
  const fields: Record<string, string> = { intent: 'return', key, reason, note };
  for (const [itemId, quantity] of Object.entries(lines)) fields[`qty-${itemId}`] = String(quantity);
  return fields;
}
