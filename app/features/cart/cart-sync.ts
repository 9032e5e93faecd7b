import { getJson } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import type { CartLine } from '~/commerce/cart/cart';
import { cartStore } from './cart-state';
import { changeOrigin, ownTabId } from './cart-tab';
import { GUEST_CART_KEY, readGuestCart } from './guest-cart';
import { mergeGuestCart } from './merge-guest-cart';

/**
 * Where the cart comes from: device storage for guests (other tabs report changes through
 * `storage` events), the API for signed-in shoppers (a server-sent event says when the cart
 * changed anywhere, in another tab or on another device).
 */
let mode: 'guest' | 'account' | undefined;
let events: EventSource | undefined;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

export function startCartSync(signedIn: boolean): void {
  const next = signedIn ? 'account' : 'guest';
  if (mode === undefined) window.addEventListener('storage', onStorage);
  if (mode === next) return;
  mode = next;
  closeEvents();
  // The other mode's lines must never show, even for a moment.
  cartStore.set({ status: 'loading', account: signedIn, lines: [] });
  if (signedIn) void startAccount();
  else void refreshCart();
}

async function startAccount() {
  const merged = await mergeGuestCart();
  if (mode !== 'account') return;
  if (merged) setLines(merged);
  openEvents();
  if (!merged) await refreshCart();
}

/** Reads the cart again from wherever it lives. */
export async function refreshCart(): Promise<void> {
  if (!cartStore.get().account) {
    cartStore.set({ status: 'ready', account: false, lines: readGuestCart() });
    return;
  }
  // The event for a change still being made would show a half-done state; the last change's
  // own event reads the cart again.
  if (pending > 0 && cartStore.get().status === 'ready') {
    readSkipped = true;
    return;
  }
  const ticket = ++generation;
  const response = await getJson<{ items: CartLine[] }>('/api/cart');
  // A newer read or change since, or a sign-out: this answer is out of date.
  if (ticket !== generation || mode !== 'account') return;
  if (response.ok && response.data) {
    cartStore.set({ status: 'ready', account: true, lines: response.data.items });
  } else if (cartStore.get().status !== 'ready') {
    cartStore.set({ ...cartStore.get(), status: 'error' });
    notify.error('Failed to load cart', { description: response.message });
  }
}

/** Shows lines changed here, newer than any read still in flight. */
export function setLines(lines: CartLine[]): void {
  generation++;
  cartStore.set({ ...cartStore.get(), status: 'ready', lines });
}

// Account changes go out one at a time, in the order they were made, so a quick series of
// presses on + ends at the last value; reads wait until the series is done.
let queue: Promise<unknown> = Promise.resolve();
let pending = 0;
let readSkipped = false;

export function inOrder<T>(task: () => Promise<T>): Promise<T> {
  pending++;
  const run = queue.then(task, task).finally(() => {
    if (--pending > 0 || !readSkipped) return;
    readSkipped = false;
    void refreshCart();
  });
  queue = run.catch(() => undefined);
  return run;
}

function onStorage(event: StorageEvent) {
  if (mode !== 'guest') return;
  // key null: another tab cleared all storage.
  if (event.key === GUEST_CART_KEY || event.key === null) void refreshCart();
}

function openEvents(delay = 2_000, catchUp = false) {
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource('/api/cart/events');
  events = source;
  let missed = catchUp;
  // A change this tab made is already on screen (its own answer set the lines): no re-read.
  source.addEventListener('changed', (event: MessageEvent) => {
    if (changeOrigin(event.data) !== ownTabId()) void refreshCart();
  });
  // 'ready' after a reconnection: changes may have been made while the stream was down.
  source.addEventListener('ready', () => {
    if (missed) void refreshCart();
    missed = true;
  });
  source.onerror = () => {
    // The browser reconnects by itself after a network loss or a stream the server ended (an
    // instance stopping ends it, ADR 0037), but gives up on an HTTP error (a balancer with no
    // instance up, an expired session); then retry later, more slowly each time.
    if (source.readyState !== EventSource.CLOSED || events !== source) return;
    reopenTimer = setTimeout(() => {
      if (mode === 'account' && events === source) openEvents(Math.min(delay * 2, 60_000), true);
    }, delay);
  };
}

function closeEvents() {
  clearTimeout(reopenTimer);
  events?.close();
  events = undefined;
}
