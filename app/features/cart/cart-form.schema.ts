import { z } from 'zod';
import { productIdSchema as productId } from '~/commerce/catalogue/catalog.schema';
import { lineQuantitySchema } from '~/commerce/cart/cart.schema';
import { MAX_CART_LINES } from '~/commerce/cart-limits';

/**
 * The fields the cart's forms post to /cart (docs/decisions/0044, 0045), one schema per intent.
 * A browser without scripts and the page's script post the same fields, so both are read here:
 * text, turned into numbers by z.coerce. Unknown fields (a price, a user id...) are refused.
 */
const quantity = z.coerce.number({ error: 'Quantity must be a whole number' }).pipe(lineQuantitySchema);
/** A line of the account cart; one that is not the shopper's is "not in your cart" (404). */
const lineId = z
  .string({ error: 'Please say which cart line to change.' })
  .min(1, 'Please say which cart line to change.')
  .max(100, 'This item is not in your cart.');

export const addFieldsSchema = z.strictObject({
  intent: z.literal('add'),
  productId,
  quantity: quantity.default(1),
});
// The forms post the product too: a guest's line is named by it (guest-cart-cookie.ts).
export const quantityFieldsSchema = z.strictObject({
  intent: z.literal('quantity'),
  lineId,
  productId: productId.optional(),
  quantity,
});
export const removeFieldsSchema = z.strictObject({
  intent: z.literal('remove'),
  lineId,
  productId: productId.optional(),
});
export const clearFieldsSchema = z.strictObject({ intent: z.literal('clear') });

/** A field posted once is text, posted several times a list: the merge's lines are lists. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(MAX_CART_LINES, 'Too many items'),
  );

/** The device cart's lines at sign-in: `productId` and `quantity` repeated, one pair per line. */
export const mergeFieldsSchema = z
  .strictObject({ intent: z.literal('merge'), productId: many(productId), quantity: many(quantity) })
  .refine((fields) => fields.productId.length === fields.quantity.length, {
    message: 'Each product needs its quantity.',
    path: ['quantity'],
  })
  .transform((fields) =>
    fields.productId.flatMap((id, index) => {
      const quantity = fields.quantity[index];
      return quantity === undefined ? [] : [{ productId: id, quantity }];
    }),
  );

export const CART_FIELDS = {
  add: addFieldsSchema,
  quantity: quantityFieldsSchema,
  remove: removeFieldsSchema,
  clear: clearFieldsSchema,
  merge: mergeFieldsSchema,
} as const;
export type CartIntent = keyof typeof CART_FIELDS;

/** The intent a form names, if the cart has it. */
export function cartIntentOf(form: FormData | URLSearchParams): CartIntent | undefined {
  const intent = form.get('intent');
  return typeof intent === 'string' && Object.hasOwn(CART_FIELDS, intent)
    ? (intent as CartIntent)
    : undefined;
}
