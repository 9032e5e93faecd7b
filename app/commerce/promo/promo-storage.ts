import { useSyncExternalStore } from 'react';
import { readString, removeKey, writeString } from '~/lib/storage';
import type { PromoSummary } from './promo';

/**
 * The applied promo code, kept on the device (appliedPromoCode, promoDiscount as a
 * fraction such as '0.1', freeShipping 'true'/'false', and how it reads) so it survives a
 * reload. The server said it applied; it checks the code again for every quote and at
 * checkout, and never trusts these values.
 */
export const PROMO_CODE_KEY = 'appliedPromoCode';
const DISCOUNT_KEY = 'promoDiscount';
const FREE_SHIPPING_KEY = 'freeShipping';
const LABEL_KEY = 'promoLabel';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** The stored code, if any. */
export function storedPromoCode(): string | null {
  return readString(PROMO_CODE_KEY) || null;
}

/** How the stored code reads ('10% off your order'), as the server said when it was applied. */
export function storedPromoLabel(): string | null {
  return readString(LABEL_KEY) || null;
}

export function storePromo(promo: PromoSummary): boolean {
  const saved =
    writeString(PROMO_CODE_KEY, promo.code) &&
    writeString(DISCOUNT_KEY, String(promo.percentOff / 100)) &&
    writeString(FREE_SHIPPING_KEY, String(promo.freeShipping)) &&
    writeString(LABEL_KEY, promo.label);
  changed();
  return saved;
}

export function clearStoredPromo(): void {
  for (const key of [PROMO_CODE_KEY, DISCOUNT_KEY, FREE_SHIPPING_KEY, LABEL_KEY]) removeKey(key);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab applied or removed a code.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored code as it changes (null on the server and before hydration). */
export function useStoredPromoCode(): string | null {
  return useSyncExternalStore(subscribe, storedPromoCode, () => null);
}
