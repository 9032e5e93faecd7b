import { useEffect } from 'react';
import { useRouteLoaderData } from 'react-router';
import { createStore, useStore } from '~/lib/store';
import type { WishlistEntry } from './guest-wishlist';

/**
 * The wishlist as every page sees it (header badge, hearts), and a door to the rest: the code
 * that reads storage, talks to the server and merges at sign-in is fetched after the page is
 * interactive or on the first press of a heart.
 */
export interface WishlistState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  account: boolean;
  entries: WishlistEntry[];
}

export const wishlistStore = createStore<WishlistState>({ status: 'idle', account: false, entries: [] });

export const useWishlist = () => useStore(wishlistStore);

const NONE: WishlistEntry[] = [];

/**
 * The wishlist the server rendered the page with (the root loader's `wishlist`): the account's,
 * or what a guest saved without scripts. What the page shows until the browser has read its
 * own, and always without scripts.
 */
export const useServerWishlist = () =>
  useRouteLoaderData<{ wishlist?: WishlistEntry[] }>('root')?.wishlist ?? NONE;

export const loadWishlistClient = () => import('./wishlist-client');

/** Keeps the wishlist in step with the session: guest storage or the account. */
export function useWishlistSync(signedIn: boolean): void {
  const saved = useServerWishlist();
  useEffect(() => {
    loadWishlistClient().then(
      (client) => client.startWishlistSync(signedIn, saved),
      () => wishlistStore.set({ ...wishlistStore.get(), status: 'error' }),
    );
  }, [signedIn, saved]);
}
