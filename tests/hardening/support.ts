import { MAX_LINE_QUANTITY } from '../../app/commerce/cart-limits';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import type { AppDatabase } from '../../server/db/database';
import { TEST_ADDRESS } from '../support/checkout';
import type { TestClient, TestResponse } from '../support/http-client';

// At least the line maximum on hand: the cart's 99 limit, not stock, is what these tests reach.
const inStock = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= MAX_LINE_QUANTITY);
export const PRODUCT_A = inStock[0]!;
export const PRODUCT_B = inStock[1]!;

export const PASSWORD = 'password-123';

/**
 * Every state-changing API route of this branch, with a body a real client would send, and the
 * page forms a page's script posts (asking for JSON).
 * `:line` is a cart line id, `:product` a product id, `:order` an order id of the caller.
 * To cover a new route (contact, newsletter...), add one entry here: the cross-origin test
 * and the fuzzing suite pick it up.
 */
export interface StateRoute {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** A page form's fields, URL-encoded as the page's script posts them (docs/decisions/0045). */
  fields?: Record<string, string | string[]>;
}

export const STATE_CHANGING_ROUTES: StateRoute[] = [
  { method: 'POST', path: '/api/cart/items', body: { productId: PRODUCT_A.id, quantity: 1 } },
  { method: 'PATCH', path: '/api/cart/items/:line', body: { quantity: 5 } },
  { method: 'DELETE', path: '/api/cart/items/:line' },
  { method: 'DELETE', path: '/api/cart' },
  { method: 'POST', path: '/api/cart/merge', body: { items: [{ productId: PRODUCT_B.id, quantity: 1 }] } },
  { method: 'POST', path: '/wishlist', fields: { intent: 'add', productId: PRODUCT_B.id } },
  { method: 'POST', path: '/wishlist', fields: { intent: 'remove', productId: PRODUCT_A.id } },
  { method: 'POST', path: '/wishlist', fields: { intent: 'clear' } },
  { method: 'POST', path: '/wishlist', fields: { intent: 'merge', productIds: [PRODUCT_B.id] } },
  { method: 'POST', path: '/api/checkout/quote', body: { shipping: 'expedited', state: 'IL' } },
  { method: 'POST', path: '/api/checkout', body: { paymentMethod: 'card', address: TEST_ADDRESS } },
  { method: 'POST', path: '/api/checkout/:order/pay', body: {} },
  { method: 'POST', path: '/api/prescriptions/:order', body: {} },
  { method: 'POST', path: '/api/auth/sign-out', body: {} },
  { method: 'POST', path: '/api/auth/sign-in/email', body: { email: 'x@example.com', password: PASSWORD } },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    body: { email: 'new@example.com', password: PASSWORD, name: 'N N', firstName: 'N', lastName: 'N' },
  },
  { method: 'POST', path: '/api/auth/update-user', body: { firstName: 'Mallory' } },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    body: { currentPassword: PASSWORD, newPassword: 'x' },
  },
  { method: 'POST', path: '/api/auth/revoke-sessions', body: {} },
  { method: 'POST', path: '/api/auth/revoke-other-sessions', body: {} },
  { method: 'POST', path: '/api/auth/request-password-reset', body: { email: 'x@example.com' } },
  { method: 'POST', path: '/api/auth/reset-password', body: { token: 'x', newPassword: PASSWORD } },
  { method: 'POST', path: '/api/auth/two-factor/enable', body: { password: PASSWORD } },
  { method: 'POST', path: '/api/auth/two-factor/disable', body: { password: PASSWORD, code: '123456' } },
  { method: 'POST', path: '/api/auth/two-factor/verify-totp', body: { code: '123456' } },
  { method: 'POST', path: '/api/auth/delete-user', body: { password: PASSWORD } },
  {
    method: 'POST',
    path: '/api/contact',
    body: { name: 'Pat', email: 'pat@example.com', message: 'Do you ship to Alaska?' },
  },
  { method: 'POST', path: '/api/newsletter', body: { email: 'pat@example.com' } },
];

export function fillPath(path: string, ids: { line?: string; product?: string; order?: string }): string {
  return path
    .replace(':line', ids.line ?? 'no-line')
    .replace(':product', ids.product ?? 'no-product')
    .replace(':order', ids.order ?? '00000000-0000-0000-0000-000000000000');
}

/** Row counts of every table a client can write to, to show a refused request wrote nothing. */
export async function rowCounts(database: AppDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables = [
    'cart_items',
    'wishlist_items',
    'orders',
    'order_items',
    'payment_attempts',
    'contact_messages',
    'newsletter_subscribers',
    'addresses',
    'refunds',
    'order_events',
    'stock_movements',
    'audit_log',
    'media',
    'campaigns',
    'campaign_recipients',
    'contact_replies',
    'reviews',
    'prescriptions',
  ] as const;
  for (const table of tables) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** The API's one error shape. */
export function isApiError(response: TestResponse): boolean {
  const body = response.body as { error?: { code?: unknown; message?: unknown } } | undefined;
  return typeof body?.error?.code === 'string' && typeof body.error.message === 'string';
}

export async function cartLines(client: TestClient) {
  const res = await client.get('/api/cart');
  return (res.body as { items: { id: string; product_id: string; quantity: number; price: number }[] }).items;
}

/** Whether a route exists on this server (the contact and newsletter routes come from another branch). */
export async function routeExists(baseUrl: string, path: string): Promise<boolean> {
  const res = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: '{}',
  });
  if (res.status !== 404) return true;
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  return !body.error?.message?.startsWith('No API route matches');
}
