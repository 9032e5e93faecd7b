import { useSyncExternalStore } from 'react';
import { readString, removeKey, writeString } from '~/lib/storage';
import { PROMOTIONS, type PromoDefinition } from './promo';

/**
 * The applied promo code, kept on the device (appliedPromoCode, promoDiscount as a
 * fraction such as '0.1', freeShipping 'true'/'false') so it survives a reload. The server
 * re-checks the code at checkout; these values are never trusted there.
 */
export const PROMO_CODE_KEY = 'appliedPromoCode';
const DISCOUNT_KEY = 'promoDiscount';
const FREE_SHIPPING_KEY = 'freeShipping';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** The stored promotion, if its code is one we know. */
export function storedPromo(): PromoDefinition | undefined {
  const code = readString(PROMO_CODE_KEY);
  return code ? PROMOTIONS.find((promo) => promo.code === code) : undefined;
}

export function storePromo(promo: PromoDefinition): boolean {
  const saved =
    writeString(PROMO_CODE_KEY, promo.code) &&
    writeString(DISCOUNT_KEY, String(promo.percentOff / 100)) &&
    writeString(FREE_SHIPPING_KEY, String(promo.freeShipping));
  changed();
  return saved;
}

export function clearStoredPromo(): void {
  for (const key of [PROMO_CODE_KEY, DISCOUNT_KEY, FREE_SHIPPING_KEY]) removeKey(key);
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
  return useSyncExternalStore(
    subscribe,
    () => storedPromo()?.code ?? null,
    () => null,
  );
}
