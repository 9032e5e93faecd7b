import { z } from 'zod';
import { emailSchema } from '~/commerce/email';
import { lineItemsSchema } from '~/commerce/cart/cart.schema';
import { addressSchema } from '~/commerce/delivery/address.schema';
import { SHIPPING_CHOICES } from '~/commerce/delivery/shipping-options';
import { isUsStateCode, type UsStateCode } from '~/commerce/delivery/us-states';
import { isValidRoutingNumber, PAYMENT_METHODS } from '~/commerce/checkout/checkout';
import { cardFields, notExpired } from '~/commerce/checkout/card.schema';
import { poNumberSchema } from '~/commerce/invoices/po-number.schema';

/**
 * Bodies of /api/checkout and the payment form, with the messages the shopper sees. The same
 * schemas check the form in the browser and the request on the server. Strict: a client
 * that sends an amount, a price or a user id is refused, never believed.
 */

const email = emailSchema;

const promoCode = z.string().trim().max(32, 'Invalid promo code').nullish();
/** The device cart of a guest; a signed-in shopper's account cart is read on the server. */
const items = lineItemsSchema.default([]);
const shipping = z.enum(SHIPPING_CHOICES, { error: 'Choose a shipping option' }).default('standard');

export const NO_ADDRESS_MESSAGE = 'Please enter a shipping address';

/** The cart's summary: what the order would cost with this option, to this state (if known). */
export const quoteSchema = z.strictObject({
  promoCode,
  items,
  shipping,
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isUsStateCode, 'Choose a state or territory')
    .transform((value) => value as UsStateCode)
    .nullish(),
});
export type QuoteInput = z.input<typeof quoteSchema>;

/**
 * The order to create: the cart, the option, and where it goes: a new address (a guest's, or a
 * signed-in shopper's, saved to the book on request) or one from the shopper's address book.
 */
export const createCheckoutSchema = z
  .strictObject({
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }).default('card'),
    promoCode,
    items,
    shipping,
    address: addressSchema.optional(),
    addressId: z.string().max(40, 'This address is not in your address book.').optional(),
    saveAddress: z.boolean().default(false),
    poNumber: poNumberSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.address && !value.addressId) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: NO_ADDRESS_MESSAGE });
    }
  });
export type CreateCheckoutInput = z.input<typeof createCheckoutSchema>;

export const cardPaymentSchema = z
  .strictObject({ paymentMethod: z.literal('card'), ...cardFields, email })
  .superRefine(notExpired);

export const bankPaymentSchema = z.strictObject({
  paymentMethod: z.literal('bank_transfer'),
  accountHolderName: z
    .string({ error: 'Account holder name is required' })
    .trim()
    .min(3, 'Account holder name is required')
    .max(100, 'Account holder name must be at most 100 characters'),
  routingNumber: z
    .string({ error: 'Invalid routing number' })
    .refine(isValidRoutingNumber, 'Invalid routing number'),
  accountNumber: z
    .string({ error: 'Account number must be 4-17 digits' })
    .regex(/^\d{4,17}$/, 'Account number must be 4-17 digits'),
  accountType: z.enum(['checking', 'savings'], { error: 'Choose checking or savings' }),
  email,
});

/** Placing an order on the organisation's invoice terms: no card, only where the invoice goes. */
export const invoicePaymentSchema = z.strictObject({
  paymentMethod: z.literal('invoice'),
  email,
});

export const paymentSchema = z.discriminatedUnion(
  'paymentMethod',
  [cardPaymentSchema, bankPaymentSchema, invoicePaymentSchema],
  { error: 'Choose a payment method' },
);
export type PaymentInput = z.infer<typeof paymentSchema>;

/** An idempotency key from the browser: one per press of Pay, reused by retries of that press. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/);
