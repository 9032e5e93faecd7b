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
 * Every state-changing route of this branch, with a body a real client would send: JSON, or a
 * page's form as its script posts it (`form`: URL-encoded fields, asking for JSON,
 * docs/decisions/0045). `:line` is a cart line id, `:product` a product id, `:order` an order
 * id of the caller, in the path or a form's field. To cover a new route (contact,
 * newsletter...), add one entry here: the cross-origin test picks it up.
 */
export type FormFields = Record<string, string | number | readonly (string | number)[]>;
export interface StateRoute {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  form?: FormFields;
}

export const STATE_CHANGING_ROUTES: StateRoute[] = [
  { method: 'POST', path: '/cart', form: { intent: 'add', productId: PRODUCT_A.id, quantity: 1 } },
  { method: 'POST', path: '/cart', form: { intent: 'quantity', lineId: ':line', quantity: 5 } },
  { method: 'POST', path: '/cart', form: { intent: 'remove', lineId: ':line' } },
  { method: 'POST', path: '/cart', form: { intent: 'clear' } },
  { method: 'POST', path: '/cart', form: { intent: 'merge', productId: [PRODUCT_B.id], quantity: [1] } },
  {
    method: 'POST',
    path: '/cart',
    form: { intent: 'promo', code: 'WELCOME10', productId: [PRODUCT_B.id], quantity: [1] },
  },
  { method: 'POST', path: '/wishlist', form: { intent: 'add', productId: PRODUCT_B.id } },
  { method: 'POST', path: '/wishlist', form: { intent: 'remove', productId: PRODUCT_A.id } },
  { method: 'POST', path: '/wishlist', form: { intent: 'clear' } },
  { method: 'POST', path: '/wishlist', form: { intent: 'merge', productIds: [PRODUCT_B.id] } },
  { method: 'POST', path: '/quick-order', form: { intent: 'quick-order', lines: `${PRODUCT_B.sku}, 1` } },
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
    path: '/contact',
    form: { name: 'Pat', email: 'pat@example.com', message: 'Do you ship to Alaska?' },
  },
  { method: 'POST', path: '/newsletter', form: { email: 'pat@example.com' } },
];

export function fillPath(path: string, ids: { line?: string; product?: string; order?: string }): string {
  return path
    .replace(':line', ids.line ?? 'no-line')
    .replace(':product', ids.product ?? 'no-product')
    .replace(':order', ids.order ?? '00000000-0000-0000-0000-000000000000');
}

/** A route's name in a test's title: its method and path, and a form's intent. */
export function routeName(route: StateRoute): string {
  const intent = route.form?.intent;
  return `${route.method} ${route.path}${intent === undefined ? '' : ` (${String(intent)})`}`;
}

/** Sends a route's request as a client would: its JSON body, or its form's fields. */
export function sendRoute(
  client: TestClient,
  route: StateRoute,
  ids: { line?: string; product?: string; order?: string },
  init: { origin?: string | null; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  const path = fillPath(route.path, ids);
  if (!route.form) return client.request(path, { method: route.method, body: route.body, ...init });
  const fields = Object.fromEntries(
    Object.entries(route.form).map(([name, value]) => [
      name,
      typeof value === 'string' ? fillPath(value, ids) : value,
    ]),
  );
  return client.form(path, fields, init);
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
    'returns',
    'return_lines',
    'order_events',
    'stock_movements',
    'audit_log',
    'media',
    'campaigns',
    'campaign_recipients',
    'contact_replies',
    'reviews',
    'prescriptions',
    'webhook_endpoints',
    'webhook_events',
    'webhook_deliveries',
    'webhook_attempts',
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
