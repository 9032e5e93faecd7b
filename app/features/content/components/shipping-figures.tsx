import type { ReactNode } from 'react';
import { formatPrice } from '~/commerce/money';
import { freeShippingMinimum } from '~/commerce/shipping';
import { useShippingFigures } from '~/commerce/shipping-figures';

/**
 * A sentence that quotes the free-shipping threshold ('$499 or more'), as the shop settings
 * say now; nothing when no order ships free by amount (the sentence would not be true).
 */
export function IfFreeShipping({ children }: { children: (minimum: string) => ReactNode }) {
  const freeFrom = useShippingFigures()?.freeFrom ?? null;
  return freeFrom === null ? null : children(freeShippingMinimum(freeFrom));
}

/** Standard shipping's price ('$9.99'), as the shop settings say now. */
export function StandardFee() {
  const price = useShippingFigures()?.standardPrice;
  return price === undefined ? null : formatPrice(price);
}
