/**
 * The limits of a cart and how it is counted, shared by the cart, the checkout's quote, the
 * promotions' terms and the order history. Its own small module because the header badge of
 * every page needs `itemCount`, and nothing else should ride along in every first load.
 */

/** The most units of one product a cart line holds. */
export const MAX_LINE_QUANTITY = 99;

/** The most lines a client may send as a cart (a guest cart merged at sign-in, a guest checkout). */
export const MAX_CART_LINES = 200;

/** How many items a cart or an order holds: the sum of the quantities, not the number of lines. */
export function itemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
