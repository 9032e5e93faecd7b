import { formatDollars } from '~/commerce/money';

/**
 * Shipping charges, the same on every page and policy: a flat fee per order, free from the
 * threshold on. Every text that states the rule is made here from the same numbers, so the
 * shop never says two things. Its own module, apart from promo.ts, because the header and
 * footer of every page carry the text.
 */
export const SHIPPING_CENTS = 999;
/** Whole dollars: the texts below show it without cents. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 49_900;

/** '$499 or more': a subtotal of exactly the threshold ships free, so no text says "over". */
export const FREE_SHIPPING_MINIMUM = `${formatDollars(FREE_SHIPPING_THRESHOLD_CENTS / 100)} or more`;

/** 'Free shipping on orders of $499 or more': the header, footer, product page and cart. */
export const FREE_SHIPPING_TEXT = `Free shipping on orders of ${FREE_SHIPPING_MINIMUM}`;
