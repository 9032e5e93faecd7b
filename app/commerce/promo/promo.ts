import { formatPrice } from '../money';

/**
 * Promotions: what a code gives and whether its terms are met. The codes are rows staff keep in
 * the console (docs/decisions/0052), read by the server only: the browser asks the server. What
 * a code is worth is worked out with the other totals in app/commerce/totals.ts; whether shipping
 * is free, in app/commerce/shipping.ts (ADR 0042).
 */

/** The code a product page offers after an add to cart (the specification's new-customer offer). */
export const WELCOME_OFFER_CODE = 'WELCOME10';

export const PROMO_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
export const PROMO_SCOPES = ['all', 'category', 'product'] as const;
export type PromoScope = (typeof PROMO_SCOPES)[number];

export interface Promotion {
  id: string;
  /** Upper-case. */
  code: string;
  kind: PromoKind;
  /** Percent off (1-100), cents off, or 0 for free shipping. */
  value: number;
  /** Cents; 0 for none. */
  minSubtotal: number;
  /** Items (sum of quantities); 0 for none. */
  minItems: number;
  firstOrder: boolean;
  scope: PromoScope;
  /** The categories or products a scoped code applies to. */
  scopeIds: readonly string[];
  startsAt: number | null;
  endsAt: number | null;
  paused: boolean;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  /** Orders holding a use, as last read (payment counts again, under a lock). */
  used: number;
  /** How the promotion reads in the cart. */
  label: string;
}

/** What the cart and the browser are told of an applied code. */
export interface PromoSummary {
  code: string;
  label: string;
  /** The fraction off ('0.1'), kept on the device under the specification's key. */
  percentOff: number;
  freeShipping: boolean;
}

export const promoSummary = (promo: Promotion): PromoSummary => ({
  code: promo.code,
  label: promo.label,
  percentOff: promo.kind === 'percent' ? promo.value : 0,
  freeShipping: promo.kind === 'free_shipping',
});

export interface PromoContext {
  /** Total number of items (sum of quantities). */
  itemCount: number;
  /** Cents, every line. */
  subtotal: number;
  /** Cents of the lines the code's scope covers (the subtotal for an unscoped code). */
  eligibleSubtotal: number;
  /** Whether the buyer has no paid order yet; unknown (a guest before payment) counts as true. */
  isFirstOrder: boolean;
  /** Paid orders of this buyer holding a use of the code (0 when unknown). */
  customerUses?: number;
  now: number;
}

export type PromoCheck = { ok: true; promo: Promotion } | { ok: false; message: string };

export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

const ITEM_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** Said when a payment finds the last use taken meanwhile (and in the cart once it is known). */
export const limitReachedMessage = (code: string) =>
  `${code} has reached its limit of uses. Please remove it from your cart and check out again.`;

/** Whether the code is on now: not paused, started, not ended, uses left (as last read). */
export function availability(promo: Promotion, now: number): string | null {
  const { code } = promo;
  if (promo.paused) return `${code} is not available at the moment.`;
  if (promo.startsAt !== null && now < promo.startsAt) return `${code} is not active yet.`;
  if (promo.endsAt !== null && now >= promo.endsAt) return `${code} has expired.`;
  if (promo.usageLimit !== null && promo.used >= promo.usageLimit) return limitReachedMessage(code);
  return null;
}

/** The first term the cart does not meet, said in the shopper's words; null when all are met. */
export function unmetTerm(promo: Promotion, context: PromoContext): string | null {
  const { code } = promo;
  if (promo.minItems > 1 && context.itemCount < promo.minItems) {
    return `${code} applies when you buy ${ITEM_WORDS[promo.minItems] ?? promo.minItems} or more items.`;
  }
  if (promo.firstOrder && !context.isFirstOrder) return `${code} is for a first order only.`;
  if (promo.minSubtotal > 0 && context.subtotal < promo.minSubtotal) {
    return `${code} applies to orders of ${formatPrice(promo.minSubtotal)} or more.`;
  }
  if (promo.scope !== 'all' && context.eligibleSubtotal === 0) {
    return `${code} applies to selected ${promo.scope === 'category' ? 'categories' : 'products'} only: nothing in your cart qualifies.`;
  }
  if (promo.perCustomerLimit !== null && (context.customerUses ?? 0) >= promo.perCustomerLimit) {
    return `You have already used ${code} as many times as it allows.`;
  }
  return null;
}

/** Whether a code exists, is on and its terms are met; the message says what is not. */
export function checkPromo(
  find: (code: string) => Promotion | undefined,
  input: string,
  context: PromoContext,
): PromoCheck {
  const code = normalizePromoCode(input);
  if (!code) return { ok: false, message: 'Please enter a promo code' };
  const promo = find(code);
  if (!promo) return { ok: false, message: 'Invalid promo code' };
  const problem = availability(promo, context.now) ?? unmetTerm(promo, context);
  return problem ? { ok: false, message: problem } : { ok: true, promo };
}

/** Whether a line's product is one the code's scope covers. */
export function promoCovers(
  promo: Pick<Promotion, 'scope' | 'scopeIds'>,
  product: { id: string; category: string },
): boolean {
  if (promo.scope === 'all') return true;
  return promo.scopeIds.includes(promo.scope === 'product' ? product.id : product.category);
}
