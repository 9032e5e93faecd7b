import { z } from 'zod';

const productId = z.string().regex(/^[a-z0-9-]{1,120}$/, 'Unknown product');

/** Bodies of /api/wishlist. Unknown fields are refused. */
export const wishlistAddSchema = z.strictObject({ productId });
export const wishlistMergeSchema = z.strictObject({
  productIds: z.array(productId).max(500, 'Too many items'),
});
