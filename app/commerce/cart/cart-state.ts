import { useEffect } from 'react';
import { createStore, useStore } from '~/lib/store';
import type { CartLine } from './cart';
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

/** What the rest of the store asks of the cart's client code (the cart feature's cart-client.ts). */
export interface CartClient {
  startCartSync(signedIn: boolean): void;
  refreshCart(): Promise<void>;
  forgetPurchasedCart(): Promise<void>;
}

let clientLoader: (() => Promise<CartClient>) | undefined;

/**
 * The cart feature's client code, loaded on first use. The layout, which composes features,
 * registers it (this kit imports no feature); nothing asks for it before the layout has loaded.
 */
export function registerCartClient(loader: () => Promise<CartClient>): void {
  clientLoader = loader;
}

export const loadCartClient = (): Promise<CartClient> =>
  clientLoader ? clientLoader() : Promise.reject(new Error('The cart client is not registered'));

/** Keeps the cart in step with the session: guest storage or the account. */
export function useCartSync(signedIn: boolean): void {
  useEffect(() => {
    loadCartClient().then(
      (client) => client.startCartSync(signedIn),
      () => cartStore.set({ ...cartStore.get(), status: 'error' }),
    );
  }, [signedIn]);
}
