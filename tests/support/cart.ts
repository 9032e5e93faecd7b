import type { TestClient, TestResponse } from './http-client';

/**
 * The cart's forms as the cart page's script posts them: POST /cart with the form's fields,
 * asking for JSON (docs/decisions/0045). `headers` adds, for instance, the X-Cart-Tab header;
 * `origin` is the Origin sent (the client's own by default).
 */
type Options = { headers?: Record<string, string>; origin?: string | null };

/** Adds to the product's line (a quantity left out adds one, as the form does). */
export function addToCart(
  client: TestClient,
  productId: string,
  quantity?: number | string,
  options: Options = {},
): Promise<TestResponse> {
  const fields: Record<string, string | number> = { intent: 'add', productId };
  if (quantity !== undefined) fields.quantity = quantity;
  return client.form('/cart', fields, options);
}

export function setCartQuantity(
  client: TestClient,
  lineId: string,
  quantity: number | string,
  options: Options = {},
): Promise<TestResponse> {
  return client.form('/cart', { intent: 'quantity', lineId, quantity }, options);
}

export function removeCartLine(client: TestClient, lineId: string, options: Options = {}) {
  return client.form('/cart', { intent: 'remove', lineId }, options);
}

export function clearCart(client: TestClient, options: Options = {}) {
  return client.form('/cart', { intent: 'clear' }, options);
}

/** The device cart merged at sign-in: one productId and one quantity field per line. */
export function mergeCart(
  client: TestClient,
  lines: readonly { productId: string; quantity: number }[],
  options: Options = {},
): Promise<TestResponse> {
  const fields = {
    intent: 'merge',
    productId: lines.map((line) => line.productId),
    quantity: lines.map((line) => line.quantity),
  };
  return client.form('/cart', fields, options);
}
