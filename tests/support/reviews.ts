import { expect } from 'vitest';
import { signedInClient } from './accounts';
import { cardPayment, pay, startCheckout } from './checkout';
import type { TestClient } from './http-client';
import { postForm, type TestStaff } from './staff';
import type { TestServer } from './test-server';
import { addToCart } from './cart';

export interface Buyer {
  client: TestClient;
  email: string;
}

/** A new signed-in shopper (last name Tester: their reviews are signed "<first> T."). */
export async function newBuyer(t: TestServer, firstName: string): Promise<Buyer> {
  return signedInClient(t.url, firstName);
}

/** A paid order of one of each product, bought through the cart and the test gateway. */
export async function paidOrder(buyer: Buyer, productIds: readonly string[]): Promise<string> {
  for (const productId of productIds) {
    const added = await addToCart(buyer.client, productId, 1);
    expect(added.status, added.text).toBe(200);
  }
  const { session } = await startCheckout(buyer.client, {});
  const paid = await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email));
  expect(paid.status, paid.text).toBe(200);
  return session.reference;
}

/** Staff ship the order and mark it delivered, through the console's forms. */
export async function deliver(t: TestServer, staff: TestStaff, reference: string): Promise<void> {
  const path = `/admin/orders/${reference}`;
  const shipped = await postForm(t, staff.client, path, {
    intent: 'ship',
    carrier: 'ups',
    trackingNumber: '1Z999AA10123456784',
  });
  expect(shipped.status, shipped.text).toBe(200);
  expect((await postForm(t, staff.client, path, { intent: 'deliver' })).status).toBe(200);
}

/** A buyer with a delivered order of these products. */
export async function deliveredBuyer(
  t: TestServer,
  staff: TestStaff,
  firstName: string,
  productIds: readonly string[],
): Promise<Buyer & { reference: string }> {
  const buyer = await newBuyer(t, firstName);
  const reference = await paidOrder(buyer, productIds);
  await deliver(t, staff, reference);
  return { ...buyer, reference };
}

export const reviewPath = (reference: string, productId: string) =>
  `/account/orders/${reference}/review/${productId}`;

/** The review form posted as a browser posts it (without scripts: the plain POST). */
export function writeReview(
  t: TestServer,
  client: TestClient | null,
  reference: string,
  productId: string,
  fields: { rating?: string; title?: string; body?: string },
) {
  return postForm(t, client, reviewPath(reference, productId), { intent: 'review', ...fields });
}

/** Staff's decision on a review, from the console's list (its id and the version it showed). */
export function moderate(
  t: TestServer,
  staff: TestStaff,
  review: { id: string; updated_at: number },
  decision: { intent: 'publish' } | { intent: 'reject'; reason: string },
) {
  return postForm(t, staff.client, '/admin/reviews', {
    ...decision,
    id: review.id,
    version: String(review.updated_at),
  });
}
