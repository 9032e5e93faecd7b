import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart';

const productId = z.string().regex(/^[a-z0-9-]{1,120}$/, 'Unknown product');
const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/** Bodies of /api/cart. Unknown fields (a price, a user id...) are refused. */
export const addToCartSchema = z.strictObject({ productId, quantity: quantity.default(1) });
export const setQuantitySchema = z.strictObject({ quantity });
export const mergeCartSchema = z.strictObject({
  items: z.array(z.strictObject({ productId, quantity })).max(200, 'Too many items'),
});
