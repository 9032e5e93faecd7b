/** Cart rules shared by the browser (guest cart) and the server (account cart). */

export const MAX_LINE_QUANTITY = 99;

export interface CartLine {
  id: string;
  product_id: string;
  name: string;
  /** Cents. */
  price: number;
  quantity: number;
  image_url: string;
}

/** Quantity after adding, capped at the line maximum. */
export function addQuantity(current: number, added: number): { quantity: number; capped: boolean } {
  const sum = current + added;
  return sum > MAX_LINE_QUANTITY
    ? { quantity: MAX_LINE_QUANTITY, capped: true }
    : { quantity: sum, capped: false };
}

export const LINE_LIMIT_MESSAGE = `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart.`;

export function itemCount(lines: readonly Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
