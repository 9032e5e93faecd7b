/**
 * Which browser tab changed the account cart. Each page load picks a random id and sends it
 * with its cart changes; the server echoes it in the "changed" event it sends to every tab, and
 * the tab that made the change (and already shows it) does not read the whole cart again.
 * The id is a label for that one purpose: the server checks its shape and trusts it for nothing.
 */
export const CART_TAB_HEADER = 'X-Cart-Tab';
const TAB_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The header's value if it looks like a tab id, else null. */
export function cartTabId(value: string | null | undefined): string | null {
  return value && TAB_ID.test(value) ? value : null;
}

let own: string | undefined;

/** This page load's id: 128 random bits (getRandomValues works on plain http too). */
export function ownTabId(): string {
  return (own ??= crypto.getRandomValues(new Uint32Array(4)).join('-'));
}

/** The origin a "changed" event names (its data is JSON; anything else names no tab). */
export function changeOrigin(data: string): string | null {
  try {
    return cartTabId((JSON.parse(data) as { origin?: string }).origin);
  } catch {
    return null;
  }
}
