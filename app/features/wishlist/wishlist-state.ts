import { useEffect } from 'react';
import { createStore, useStore } from '~/lib/store';
import type { WishlistEntry } from './guest-wishlist';

/**
 * The wishlist as every page sees it (header badge, hearts), and a door to the rest: the code
 * that reads storage, talks to the API and merges at sign-in is fetched after the page is
 * interactive or on the first press of a heart.
 */
export interface WishlistState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  account: boolean;
  entries: WishlistEntry[];
}

export const wishlistStore = createStore<WishlistState>({ status: 'idle', account: false, entries: [] });

export const useWishlist = () => useStore(wishlistStore);

export function useInWishlist(productId: string): boolean {
  return useWishlist().entries.some((entry) => entry.product_id === productId);
}

export const loadWishlistClient = () => import('./wishlist-client');

/** Keeps the wishlist in step with the session: guest storage or the account. */
export function useWishlistSync(signedIn: boolean): void {
  useEffect(() => {
    loadWishlistClient().then(
      (client) => client.startWishlistSync(signedIn),
      () => wishlistStore.set({ ...wishlistStore.get(), status: 'error' }),
    );
  }, [signedIn]);
}
