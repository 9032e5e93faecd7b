import { z } from 'zod';
import { productIdSchema as productId } from '../catalogue/catalog.schema';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '~/commerce/cart-limits';

/** A line's quantity: a whole number from 1 to the line maximum. */
export const lineQuantitySchema = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/**
 * The lines of a cart as a client sends them (a guest cart merged at sign-in, a guest's
 * checkout): product ids and quantities only, never a price.
 */
export const lineItemsSchema = z
  .array(z.strictObject({ productId, quantity: lineQuantitySchema }))
  .max(MAX_CART_LINES, 'Too many items');
export type LineItem = z.infer<typeof lineItemsSchema>[number];
