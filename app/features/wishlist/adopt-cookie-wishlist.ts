import { readCookie } from '~/lib/cookies';
import { readGuestWishlist, type WishlistEntry, writeGuestWishlist } from './guest-wishlist';
import { GUEST_WISHLIST_COOKIE, wishlistCookieHeader } from './guest-wishlist-cookie';

/**
 * Products a guest saved while no script ran (the guest wishlist cookie, as the server rendered
 * them: `saved`) join the device's wishlist once scripts run, and the cookie is cleared: one
 * guest wishlist again, as adopt-cookie-cart.ts does for the cart. The cookie is cleared before
 * the device is written, so a second call (another tab) adds nothing twice; if the device
 * refuses to store them, the cookie is put back and nothing is lost.
 */
export function adoptCookieWishlist(saved: readonly WishlistEntry[]): void {
  if (!readCookie(document.cookie, GUEST_WISHLIST_COOKIE)) return;
  const secure = location.protocol === 'https:';
  document.cookie = wishlistCookieHeader([], secure);
  const onDevice = readGuestWishlist();
  const adopted = saved.filter((entry) => !onDevice.some((e) => e.product_id === entry.product_id));
  if (!writeGuestWishlist([...adopted, ...onDevice])) {
    document.cookie = wishlistCookieHeader(
      saved.map((entry) => entry.product_id),
      secure,
    );
  }
}
