/** Cart rules shared by the browser (guest cart) and the server (account cart). */

import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';

export interface CartLine {
  id: string;
  product_id: string;
  name: string;
  /** Cents. */
  price: number;
  quantity: number;
  image_url: string;
}

/**
 * Whether a line holding `quantity` after an add is at the line maximum: the shopper is then
 * told 'Quantity limit reached' instead of 'Added to cart', for a guest cart and an account
 * cart alike (adding 1 to 98 reaches it as surely as adding 5 to 98).
 */
export const isCapped = (quantity: number) => quantity >= MAX_LINE_QUANTITY;

/** What stopped an add short: the line maximum, or the units left in stock. */
export type LineLimit = { reason: 'line' } | { reason: 'stock'; left: number };

/**
 * Whether a line holding `quantity` is at its limit: the line maximum, or the units left when
 * fewer (`left`, when known). Reaching it counts, as for the line maximum: the shopper then
 * learns that this is all there is.
 */
export function lineLimitReached(
  quantity: number,
  left?: number | null,
): { capped: boolean; limit: LineLimit | null } {
  if (left !== undefined && left !== null && left < MAX_LINE_QUANTITY) {
    const most = Math.max(left, 0);
    return quantity >= most
      ? { capped: true, limit: { reason: 'stock', left: most } }
      : { capped: false, limit: null };
  }
  return isCapped(quantity) ? { capped: true, limit: { reason: 'line' } } : { capped: false, limit: null };
}

/** Quantity after adding, held at the line's limit, and whether that limit was reached. */
export function addQuantity(
  current: number,
  added: number,
  left?: number | null,
): { quantity: number; capped: boolean; limit: LineLimit | null } {
  const most =
    left !== undefined && left !== null ? Math.max(Math.min(left, MAX_LINE_QUANTITY), 0) : MAX_LINE_QUANTITY;
  const quantity = Math.min(current + added, most);
  return { quantity, ...lineLimitReached(quantity, left) };
}

export const LINE_LIMIT_MESSAGE = `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart.`;

/** Said when an add asks for more than is left; the cart then holds what there is. */
export const stockLimitMessage = (left: number) => `Only ${left} left in stock`;
