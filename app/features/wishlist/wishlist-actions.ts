import { getJson, postForm } from '~/lib/api-client';
import { readCookie } from '~/lib/cookies';
import { withLock } from '~/lib/locks';
import { removeKey } from '~/lib/storage';
import { notify } from '~/lib/toast';
import type { ProductCard } from '~/commerce/catalogue/catalog';
import {
  entryOf,
  readGuestWishlist,
  toggled,
  WISHLIST_KEY,
  type WishlistEntry,
  type WishlistProduct,
  withoutProduct,
  writeGuestWishlist,
} from './guest-wishlist';
import { GUEST_WISHLIST_COOKIE } from './guest-wishlist-cookie';
import { wishlistStore } from './wishlist-state';

/**
 * Wishlist changes: on the device for guests; for signed-in shoppers (so it follows them to
 * other devices) the wishlist page's forms posted to /wishlist, answered as JSON
 * (docs/decisions/0045), and GET /api/wishlist to read it. Loaded after hydration
 * (wishlist-client.ts).
 */
const WISHLIST_ACTION = '/wishlist';
type ApiItems = { items: { id: string; product: ProductCard }[] };

const fromApi = (data: ApiItems): WishlistEntry[] => data.items.map((item) => entryOf(item.product, item.id));

const setEntries = (entries: WishlistEntry[]) =>
  wishlistStore.set({ ...wishlistStore.get(), status: 'ready', entries });

const isAccount = () => wishlistStore.get().account;

let generation = 0;

export async function refreshWishlist(): Promise<void> {
  if (!isAccount()) return setEntries(readGuestWishlist());
  const ticket = ++generation;
  const response = await getJson<ApiItems>('/api/wishlist');
  // A newer request or a sign-out since: this answer is out of date.
  if (ticket !== generation || !isAccount()) return;
  if (response.ok && response.data) setEntries(fromApi(response.data));
  else if (wishlistStore.get().status !== 'ready')
    wishlistStore.set({ ...wishlistStore.get(), status: 'error' });
}

/**
 * Moves the device's wishlist into the account at sign-in, and with it any products saved
 * without scripts (the guest wishlist cookie, which the server merges and clears on any post).
 * On failure the device keeps its wishlist and the next page load tries again.
 */
export function mergeGuestWishlist(): Promise<void> {
  return withLock('medisupply-guest-wishlist-merge', async () => {
    const entries = readGuestWishlist();
    if (entries.length === 0 && !readCookie(document.cookie, GUEST_WISHLIST_COOKIE)) return;
    const productIds = entries.map((entry) => entry.product_id).slice(0, 500);
    const response = await postForm<ApiItems>(WISHLIST_ACTION, [
      ['intent', 'merge'],
      ...productIds.map((id) => ['productIds', id] as const),
    ]);
    if (!response.ok || !response.data) return;
    const left = readGuestWishlist().filter((entry) => !productIds.includes(entry.product_id));
    if (left.length === 0) removeKey(WISHLIST_KEY);
    else writeGuestWishlist(left);
    if (!isAccount()) return;
    generation++;
    setEntries(fromApi(response.data));
  });
}

const added = (name: string) =>
  notify.success('Added to wishlist', { description: `${name} has been added to your wishlist.` });
const failed = (title: string) => notify.error(title, { description: 'Please try again. Nothing was lost.' });

/** Products whose change is on its way: a second press meanwhile is ignored. */
const pending = new Set<string>();

/**
 * Adds the product if absent, removes it if present; `shown`: whether its heart shows it in the
 * wishlist (the server's view until the account's has been read), which is what the press means.
 */
export async function toggleWishlist(product: WishlistProduct, shown?: boolean): Promise<void> {
  if (pending.has(product.id)) return;
  pending.add(product.id);
  try {
    await toggle(product, shown);
  } finally {
    pending.delete(product.id);
  }
}

async function toggle(product: WishlistProduct, shown?: boolean) {
  if (!isAccount()) {
    const next = toggled(readGuestWishlist(), product);
    if (!writeGuestWishlist(next.entries)) return failed('Could not update your wishlist');
    setEntries(next.entries);
    return next.added ? added(product.name) : removed(product.name, 'Removed from wishlist');
  }
  const inList = shown ?? wishlistStore.get().entries.some((entry) => entry.product_id === product.id);
  if (inList) return removeFromWishlist(product.id, product.name, 'Removed from wishlist');
  const response = await postForm<ApiItems>(WISHLIST_ACTION, { intent: 'add', productId: product.id });
  if (!response.ok || !response.data) return failed('Could not add to wishlist');
  if (!isAccount()) return;
  generation++;
  setEntries(fromApi(response.data));
  added(product.name);
}

function removed(name: string, title: string) {
  notify.success(title, { description: `${name} has been removed from your wishlist.` });
}

/** Removes one product; the wishlist page titles its toast 'Item removed'. */
export async function removeFromWishlist(productId: string, name: string, title = 'Item removed') {
  if (!isAccount()) {
    const entries = withoutProduct(readGuestWishlist(), productId);
    if (!writeGuestWishlist(entries)) return failed('Could not update your wishlist');
    setEntries(entries);
    return removed(name, title);
  }
  const before = wishlistStore.get().entries;
  setEntries(withoutProduct(before, productId));
  const response = await postForm(WISHLIST_ACTION, { intent: 'remove', productId });
  // 404: it was already gone (removed in another tab), which is what the shopper wanted.
  if (response.ok || response.status === 404) return removed(name, title);
  setEntries(before);
  failed('Could not remove the item');
}

export async function clearWishlist(): Promise<void> {
  if (!isAccount()) {
    removeKey(WISHLIST_KEY);
  } else {
    const response = await postForm(WISHLIST_ACTION, { intent: 'clear' });
    if (!response.ok) return failed('Could not clear your wishlist');
    generation++;
  }
  setEntries([]);
  notify.success('Wishlist cleared', { description: 'All items have been removed from your wishlist.' });
}
