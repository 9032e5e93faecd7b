import { z } from 'zod';
import { isCardExpired } from './checkout';

/**
 * A card's fields with the messages the shopper sees: the checkout's payment form and a refill
 * plan's saved card (docs/decisions/0064) check them the same way, in the browser and the server.
 */
export const cardFields = {
  cardNumber: z
    .string({ error: 'Card number must be at least 13 digits' })
    .min(13, 'Card number must be at least 13 digits')
    .max(19, 'Card number must not exceed 19 digits')
    .regex(/^\d+$/, 'Card number must contain only digits'),
  cardExpiryMonth: z
    .string({ error: 'Month must be 2 digits' })
    .length(2, 'Month must be 2 digits')
    .regex(/^(0[1-9]|1[0-2])$/, 'Month must be between 01-12'),
  cardExpiryYear: z
    .string({ error: 'Year must be last 2 digits' })
    .length(2, 'Year must be last 2 digits')
    .regex(/^\d{2}$/, 'Year must be 2 digits'),
  cardCode: z
    .string({ error: 'CVV must be 3-4 digits' })
    .min(3, 'CVV must be 3-4 digits')
    .max(4, 'CVV must be 3-4 digits')
    .regex(/^\d+$/, 'CVV must contain only digits'),
  cardholderName: z
    .string({ error: 'Cardholder name is required' })
    .trim()
    .min(3, 'Cardholder name is required')
    .max(100, 'Cardholder name must be at most 100 characters'),
};

export function notExpired(value: { cardExpiryMonth: string; cardExpiryYear: string }, ctx: z.RefinementCtx) {
  if (isCardExpired(value.cardExpiryMonth, value.cardExpiryYear)) {
    ctx.addIssue({ code: 'custom', path: ['cardExpiryYear'], message: 'This card has expired' });
  }
}

/** A card to save for later charges (a refill plan's): the payment form's fields and messages. */
export const savedCardSchema = z.strictObject(cardFields).superRefine(notExpired);
export type SavedCardInput = z.output<typeof savedCardSchema>;
export const CARD_FIELDS = Object.keys(cardFields) as (keyof typeof cardFields)[];
