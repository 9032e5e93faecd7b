import { postForm } from '~/lib/api-client';
import { withLock } from '~/lib/locks';
import { removeKey } from '~/lib/storage';
import { notify } from '~/lib/toast';
import type { CartLine } from '~/commerce/cart/cart';
import { CART_TAB_HEADER, ownTabId } from './cart-tab';
import { CART_ACTION } from './components/cart-form';
import { afterMerge, GUEST_CART_KEY, readGuestCart, writeGuestCart } from './guest-cart';

type MergeResponse = { merged: number; skipped: string[]; items: CartLine[] };

// The cart's merge takes at most this many lines per post (MAX_CART_LINES).
const BATCH = 200;

/**
 * Moves the device's cart into the account at sign-in, so nothing added as a guest is lost: quantities add
 * up on the server. The device copy is removed only after the server has confirmed; if the
 * call fails the device keeps its cart and the next page load tries again, so a cart is never
 * lost. Returns the account's lines when something was merged.
 */
export function mergeGuestCart(): Promise<CartLine[] | undefined> {
  return withLock('medisupply-guest-cart-merge', async () => {
    let lines: CartLine[] | undefined;
    const skipped: string[] = [];
    const rounds = Math.ceil(readGuestCart().length / BATCH);
    for (let round = 0; round < rounds; round++) {
      const batch = readGuestCart().slice(0, BATCH);
      if (batch.length === 0) break;
      // One productId and one quantity field per line, in order: the merge form's pairs.
      const fields = batch.flatMap(
        (item) =>
          [
            ['productId', item.product_id],
            ['quantity', `${item.quantity}`],
          ] as const,
      );
      const response = await postForm<MergeResponse>(CART_ACTION, [['intent', 'merge'], ...fields], {
        headers: { [CART_TAB_HEADER]: ownTabId() },
      });
      if (!response.ok || !response.data) break;
      const left = afterMerge(readGuestCart(), batch);
      if (left.length === 0) removeKey(GUEST_CART_KEY);
      else if (!writeGuestCart(left)) break;
      lines = response.data.items;
      skipped.push(...response.data.skipped);
    }
    if (lines) {
      notify.success('Cart saved to your account', {
        description: 'The items you added before signing in are now in your account cart.',
      });
    }
    if (skipped.length > 0) {
      notify.info('Some items were not added', {
        description: `${skipped.length} item(s) from your earlier cart are no longer available.`,
      });
    }
    return lines;
  });
}
