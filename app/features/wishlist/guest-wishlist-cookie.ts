import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';
import { guestListCookie, readCookie } from '~/lib/cookies';

/**
 * The wishlist of a guest whose browser runs no scripts, as the guest cart cookie is the cart
 * (docs/decisions/0044): product ids joined by `_` (not in a product id, and allowed in a cookie
 * without quoting), newest first. Names, prices and pictures come from the catalogue on every
 * read, so a hand-edited cookie changes only its own list. With scripts the device's wishlist
 * (guest-wishlist.ts) takes the products in and the cookie is cleared; at sign-in they join the
 * account's wishlist.
 */
export const GUEST_WISHLIST_COOKIE = 'guest_wishlist';
/** A browser keeps at most 4 KB per cookie and drops a larger one whole: stay well inside. */
const MAX_VALUE_LENGTH = 3_600;

export function parseWishlistCookie(value: string | undefined | null): string[] {
  const ids: string[] = [];
  let length = 0;
  for (const id of new Set((value ?? '').split('_'))) {
    if (!PRODUCT_ID_PATTERN.test(id)) continue;
    length += id.length + 1;
    if (length > MAX_VALUE_LENGTH) break;
    ids.push(id);
  }
  return ids;
}

/** The product ids of a request's (or the browser's) Cookie header. */
export function readWishlistCookie(cookieHeader: string | null | undefined): string[] {
  return parseWishlistCookie(readCookie(cookieHeader ?? '', GUEST_WISHLIST_COOKIE));
}

/** The Set-Cookie line that stores `ids`, or removes the cookie when there are none. */
export function wishlistCookieHeader(ids: readonly string[], secure: boolean): string {
  return guestListCookie(GUEST_WISHLIST_COOKIE, ids.join('_'), secure);
}

/** The list with the product first, or undefined when the cookie has no room left for it. */
export function cookieWithProduct(ids: readonly string[], productId: string): string[] | undefined {
  if (ids.includes(productId)) return [...ids];
  const next = [productId, ...ids];
  return next.join('_').length + 1 > MAX_VALUE_LENGTH ? undefined : next;
}
