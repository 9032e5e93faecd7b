import type { CartLine } from './cart';

/**
 * How many items a cart or an order holds: the sum of the quantities, not the number of lines.
 * Its own module, apart from the other cart rules (cart.ts), because the header badge of every
 * page needs it and those rules would otherwise ride along in every first load.
 */
export function itemCount(lines: readonly Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
