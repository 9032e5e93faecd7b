import { useEffect } from 'react';
import { createStore, useStore } from '~/lib/store';
import type { CartLine } from '~/commerce/cart/cart';
import { itemCount } from '~/commerce/cart-limits';

/**
 * The part of the cart every page carries (the header badge): its state and a door to the
 * rest. The code that reads storage, talks to the API and merges at sign-in (cart-client.ts)
 * is fetched after the page is interactive, so it stays out of the first load.
 */
export interface CartState {
  /** 'idle' until the browser has read the cart: the server never knows a guest's cart. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Signed in: the cart lives on the server. */
  account: boolean;
  lines: CartLine[];
}

export const cartStore = createStore<CartState>({ status: 'idle', account: false, lines: [] });

export const useCart = () => useStore(cartStore);

/** Items in the cart (sum of quantities), or null while not known yet. */
export function useCartCount(): number | null {
  const cart = useCart();
  return cart.status === 'ready' ? itemCount(cart.lines) : null;
}

export const loadCartClient = () => import('./cart-client');

/** Keeps the cart in step with the session: guest storage or the account. */
export function useCartSync(signedIn: boolean): void {
  useEffect(() => {
    loadCartClient().then(
      (client) => client.startCartSync(signedIn),
      () => cartStore.set({ ...cartStore.get(), status: 'error' }),
    );
  }, [signedIn]);
}
