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

/** This page load's id: 16 random bytes, hex (getRandomValues works on plain http too). */
export function ownTabId(): string {
  own ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
  return own;
}

/** The origin a "changed" event names (its data is JSON; anything else names no tab). */
export function changeOrigin(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as { origin?: unknown } | null;
    return typeof parsed?.origin === 'string' ? cartTabId(parsed.origin) : null;
  } catch {
    return null;
  }
}
