/**
 * Promotions: which codes exist and whether their terms are met. What a code is worth is
 * worked out with the other totals in app/commerce/totals.ts; whether shipping is free, in
 * app/commerce/shipping.ts (ADR 0042).
 */

export type PromoCondition = 'first-order' | 'two-or-more-items';

export interface PromoDefinition {
  code: string;
  /** Percent off the subtotal, or 0 for a free-shipping code. */
  percentOff: number;
  freeShipping: boolean;
  condition?: PromoCondition;
  /** How the promotion reads in the cart. */
  label: string;
}

export const PROMOTIONS: readonly PromoDefinition[] = [
  { code: 'WELCOME10', percentOff: 10, freeShipping: false, label: '10% off your order' },
  { code: 'FREEBARNO', percentOff: 0, freeShipping: true, label: 'Free shipping' },
  {
    code: 'NEWARRIVE15',
    percentOff: 15,
    freeShipping: false,
    condition: 'first-order',
    label: '15% off your first order',
  },
  {
    code: 'HEALTH15',
    percentOff: 15,
    freeShipping: false,
    condition: 'first-order',
    label: '15% off your first order',
  },
  {
    code: 'BESTSAVE10',
    percentOff: 10,
    freeShipping: false,
    condition: 'two-or-more-items',
    label: '10% off when you buy two or more',
  },
  { code: 'EXTRASAVE5', percentOff: 5, freeShipping: false, label: 'An extra 5% off' },
  { code: 'SEASONSHIP', percentOff: 0, freeShipping: true, label: 'Free shipping' },
];

export interface PromoContext {
  /** Total number of items (sum of quantities). */
  itemCount: number;
  /** Whether the buyer has no paid order yet; unknown (a guest before payment) counts as true. */
  isFirstOrder: boolean;
}

export type PromoCheck = { ok: true; promo: PromoDefinition } | { ok: false; message: string };

export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Whether a code exists and its terms are met; the message names the term that is not. */
export function checkPromo(input: string, context: PromoContext): PromoCheck {
  const code = normalizePromoCode(input);
  if (!code) return { ok: false, message: 'Please enter a promo code' };
  const promo = PROMOTIONS.find((p) => p.code === code);
  if (!promo) return { ok: false, message: 'Invalid promo code' };
  if (promo.condition === 'two-or-more-items' && context.itemCount < 2) {
    return { ok: false, message: `${code} applies when you buy two or more items.` };
  }
  if (promo.condition === 'first-order' && !context.isFirstOrder) {
    return { ok: false, message: `${code} is for a first order only.` };
  }
  return { ok: true, promo };
}
