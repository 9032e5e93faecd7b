import { z } from 'zod';
import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';

// A missing or repeated product says so in words (zod's default names types).
const productId = z.string({ error: 'Choose one product.' }).regex(PRODUCT_ID_PATTERN, 'Unknown product');

/**
 * The wishlist's forms, posted to /wishlist by a browser without scripts and by the page's
 * script alike (docs/decisions/0045): one named intent each, unknown fields refused.
 */
export const wishlistFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.strictObject({ intent: z.literal('add'), productId }),
    z.strictObject({ intent: z.literal('remove'), productId }),
    z.strictObject({ intent: z.literal('clear') }),
    // The device's wishlist moving into the account at sign-in; none when only the guest
    // wishlist cookie has products (a form posts no field for an empty list).
    z.strictObject({
      intent: z.literal('merge'),
      productIds: z.array(productId).max(500, 'Too many items').default([]),
    }),
  ],
  { error: 'Unknown wishlist change.' },
);

export type WishlistForm = z.infer<typeof wishlistFormSchema>;

/** The field that may repeat (formFields in server/validate.ts). */
export const WISHLIST_LIST_FIELDS = ['productIds'] as const;
