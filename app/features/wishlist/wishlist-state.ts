import { createStore, useStore } from '~/lib/store';
import type { WishlistEntry } from './guest-wishlist';

/** The wishlist as every page sees it (header badge, hearts); filled by the cart client. */
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
