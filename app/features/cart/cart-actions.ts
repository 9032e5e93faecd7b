import { postForm } from '~/lib/api-client';
import { removeKey } from '~/lib/storage';
import { notify } from '~/lib/toast';
import { isPurchasable } from '~/commerce/catalogue/catalog';
import type { StockStatus } from '~/commerce/catalogue/catalog.types';
import { type CartLine, LINE_LIMIT_MESSAGE, type LineLimit, stockLimitMessage } from '~/commerce/cart/cart';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import { CART_ACTION } from './components/cart-form';
import { cartStore } from './cart-state';
import { CART_TAB_HEADER, ownTabId } from './cart-tab';
import { inOrder, refreshCart, setLines } from './cart-sync';
import {
  type CartProduct,
  GUEST_CART_KEY,
  readGuestCart,
  withAdded,
  withoutLine,
  withQuantity,
  writeGuestCart,
} from './guest-cart';

/**
 * Cart changes with their toasts. Guests change device storage; signed-in shoppers
 * change the account cart, shown at once and corrected from the server if a call fails. The
 * account's changes post the cart's forms to /cart, asking for JSON (docs/decisions/0045).
 */
export interface AddableProduct extends CartProduct {
  stock?: StockStatus;
}

/** 'Only 2 left in stock', or the line maximum: the add stopped there. */
function toldLimit(product: AddableProduct, limit: LineLimit) {
  if (limit.reason === 'line')
    return notify.info('Quantity limit reached', { description: LINE_LIMIT_MESSAGE });
  notify.info(stockLimitMessage(limit.left), {
    description: `Your cart now has all ${limit.left} of ${product.name}.`,
  });
}

const isAccount = () => cartStore.get().account;
/** Names this tab as the change's origin: its own "changed" event then reads nothing again. */
const tabHeader = () => ({ [CART_TAB_HEADER]: ownTabId() });
const STORAGE_REFUSED =
  'Your browser did not let us save your cart. Please check that this site may store data.';

/** Adds `quantity` to the product's line; true when it was added. */
export async function addToCart(product: AddableProduct, quantity = 1): Promise<boolean> {
  const failed = (description = 'There was an error adding this item to your cart.') => {
    notify.error('Failed to add to cart', { description });
    return false;
  };
  if (!Number.isInteger(quantity) || quantity < 1) return failed();
  if (product.stock && !isPurchasable(product.stock)) return failed(`${product.name} is out of stock.`);
  let limit: LineLimit | null;
  if (isAccount()) {
    const response = await inOrder(() =>
      postForm<{ item: CartLine; capped: boolean; limit: LineLimit | null }>(
        CART_ACTION,
        { intent: 'add', productId: product.id, quantity: Math.min(quantity, MAX_LINE_QUANTITY) },
        { headers: tabHeader() },
      ),
    );
    if (!response.ok || !response.data) return failed(response.status === 409 ? response.message : undefined);
    const { item } = response.data;
    // Signed out meanwhile: the account's line must not show in the guest cart.
    if (!isAccount()) return false;
    const lines = cartStore.get().lines;
    const known = lines.some((line) => line.id === item.id);
    setLines(known ? lines.map((line) => (line.id === item.id ? item : line)) : [item, ...lines]);
    limit = response.data.limit;
  } else {
    const next = withAdded(readGuestCart(), product, quantity);
    if (!writeGuestCart(next.items)) return failed(STORAGE_REFUSED);
    setLines(next.items);
    limit = next.limit;
  }
  if (limit) {
    toldLimit(product, limit);
  } else {
    const what = quantity === 1 ? product.name : `${quantity} x ${product.name}`;
    notify.success('Added to cart', { description: `${what} added to your cart.` });
  }
  return true;
}

/** Sets a line's quantity; below 1 does nothing, above 99 is capped. */
export async function setLineQuantity(line: CartLine, quantity: number): Promise<void> {
  if (!Number.isInteger(quantity) || quantity < 1) return;
  const next = Math.min(quantity, MAX_LINE_QUANTITY);
  if (!isAccount()) {
    const items = withQuantity(readGuestCart(), line.id, next);
    if (!writeGuestCart(items))
      return notify.error('Failed to update quantity', { description: STORAGE_REFUSED });
    return setLines(items);
  }
  setLines(cartStore.get().lines.map((l) => (l.id === line.id ? { ...l, quantity: next } : l)));
  const response = await inOrder(() =>
    postForm(CART_ACTION, { intent: 'quantity', lineId: line.id, quantity: next }, { headers: tabHeader() }),
  );
  if (response.ok) return;
  notify.error('Failed to update quantity', { description: response.message });
  await refreshCart();
}

export async function removeLine(line: CartLine): Promise<void> {
  const done = () =>
    notify.success('Item removed', { description: `${line.name} has been removed from your cart.` });
  if (!isAccount()) {
    const items = withoutLine(readGuestCart(), line.id);
    if (!writeGuestCart(items))
      return notify.error('Failed to remove item', { description: STORAGE_REFUSED });
    setLines(items);
    return done();
  }
  setLines(cartStore.get().lines.filter((l) => l.id !== line.id));
  const response = await inOrder(() =>
    postForm(CART_ACTION, { intent: 'remove', lineId: line.id }, { headers: tabHeader() }),
  );
  // 404: already removed elsewhere, which is what the shopper asked for.
  if (response.ok || response.status === 404) return done();
  notify.error('Failed to remove item', { description: response.message });
  await refreshCart();
}

export async function clearCart(): Promise<void> {
  if (isAccount()) {
    const response = await inOrder(() =>
      postForm(CART_ACTION, { intent: 'clear' }, { headers: tabHeader() }),
    );
    if (!response.ok) return notify.error('Failed to clear cart', { description: response.message });
  } else {
    removeKey(GUEST_CART_KEY);
  }
  setLines([]);
  notify.success('Cart cleared', { description: 'All items have been removed from your cart.' });
}

/**
 * After a paid order: the device cart is emptied here; the account cart was emptied by the
 * server in the same transaction that marked the order paid, so it is only read again.
 */
export async function forgetPurchasedCart(): Promise<void> {
  if (isAccount()) return refreshCart();
  removeKey(GUEST_CART_KEY);
  setLines([]);
}
