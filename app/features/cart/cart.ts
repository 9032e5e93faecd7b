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

/**
 * Whether a line holding `quantity` after an add is at the line maximum: the shopper is then
 * told 'Quantity limit reached' instead of 'Added to cart', for a guest cart and an account
 * cart alike (adding 1 to 98 reaches it as surely as adding 5 to 98).
 */
export const isCapped = (quantity: number) => quantity >= MAX_LINE_QUANTITY;

/** Quantity after adding, held at the line maximum, and whether that maximum was reached. */
export function addQuantity(current: number, added: number): { quantity: number; capped: boolean } {
  const quantity = Math.min(current + added, MAX_LINE_QUANTITY);
  return { quantity, capped: isCapped(quantity) };
}

export const LINE_LIMIT_MESSAGE = `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart.`;
