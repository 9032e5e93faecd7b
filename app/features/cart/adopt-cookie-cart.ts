import type { CartLine } from '~/commerce/cart/cart';
import { readCookie } from '~/lib/cookies';
import { cartStore } from './cart-state';
import { setLines } from './cart-sync';
import { readGuestCart, withAdded, writeGuestCart } from './guest-cart';
import { cartCookieHeader, GUEST_CART_COOKIE } from './guest-cart-cookie';

/**
 * Lines a guest added while no script ran (the guest cart cookie, docs/decisions/0044) join the
 * device cart once scripts run, and the cookie is cleared: one guest cart again. The cookie is
 * cleared before the lines are written, so a second call (another tab, a remount) adds nothing
 * twice; if the device refuses to store them, the cookie is put back and nothing is lost.
 */
export function adoptCookieCart(lines: readonly CartLine[]): void {
  if (cartStore.get().account || !readCookie(document.cookie, GUEST_CART_COOKIE)) return;
  document.cookie = cartCookieHeader([], location.protocol === 'https:');
  let items = readGuestCart();
  for (const line of lines) {
    const product = { id: line.product_id, name: line.name, price: line.price, image: line.image_url };
    items = withAdded(items, product, line.quantity).items;
  }
  if (!writeGuestCart(items)) {
    document.cookie = cartCookieHeader(
      lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
      location.protocol === 'https:',
    );
    return;
  }
  if (!cartStore.get().account) setLines(items);
}
