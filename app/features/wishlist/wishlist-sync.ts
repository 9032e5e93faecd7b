import { adoptCookieWishlist } from './adopt-cookie-wishlist';
import { type WishlistEntry, WISHLIST_KEY } from './guest-wishlist';
import { mergeGuestWishlist, refreshWishlist } from './wishlist-actions';
import { wishlistStore } from './wishlist-state';

/**
 * Where the wishlist comes from: device storage for guests (other tabs report changes through
 * `storage` events), the account for signed-in shoppers, into which the device's wishlist is
 * merged at sign-in. `saved`: the wishlist the server rendered the page with, whose products
 * a guest saved without scripts join the device's.
 */
let mode: 'guest' | 'account' | undefined;

export function startWishlistSync(signedIn: boolean, saved: readonly WishlistEntry[] = []): void {
  const next = signedIn ? 'account' : 'guest';
  if (mode === undefined) window.addEventListener('storage', onStorage);
  if (!signedIn) adoptCookieWishlist(saved);
  if (mode === next) {
    // The same guest, maybe with products just adopted: read the device again.
    if (!signedIn) void refreshWishlist();
    return;
  }
  mode = next;
  // The other mode's entries must never show, even for a moment.
  wishlistStore.set({ status: 'loading', account: signedIn, entries: [] });
  if (signedIn) void startAccount();
  else void refreshWishlist();
}

async function startAccount() {
  await mergeGuestWishlist();
  if (mode === 'account') await refreshWishlist();
}

function onStorage(event: StorageEvent) {
  // key null: another tab cleared all storage.
  if (mode === 'guest' && (event.key === WISHLIST_KEY || event.key === null)) void refreshWishlist();
}
