import { z } from 'zod';
import { productIdSchema as productId } from '~/commerce/catalogue/catalog.schema';

/** Bodies of /api/wishlist. Unknown fields are refused. */
export const wishlistAddSchema = z.strictObject({ productId });
export const wishlistMergeSchema = z.strictObject({
  productIds: z.array(productId).max(500, 'Too many items'),
});
