import { localId, readJson, writeJson } from '~/lib/storage';
import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';
import { addQuantity, type CartLine, type LineLimit } from '~/commerce/cart/cart';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';

/**
 * The cart of a visitor who is not signed in, kept on the device under `guest_cart_items`.
 * Every change reads storage afresh and writes it back at once, so two tabs never
 * overwrite each other's additions with a stale copy.
 */
export const GUEST_CART_KEY = 'guest_cart_items';

export interface GuestCartItem extends CartLine {
  /** ISO timestamps. */
  created_at: string;
  updated_at: string;
}

/** What adding needs to know of a product; the server re-prices everything at checkout. */
export interface CartProduct {
  id: string;
  name: string;
  /** Cents. */
  price: number;
  image: string;
  /** Units left, when the page knows it (a product page, when stock is low). */
  left?: number | null;
}

function toItem(value: unknown): GuestCartItem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.product_id !== 'string' || !PRODUCT_ID_PATTERN.test(v.product_id)) return undefined;
  if (typeof v.name !== 'string' || !v.name) return undefined;
  if (typeof v.price !== 'number' || !Number.isInteger(v.price) || v.price < 0) return undefined;
  if (typeof v.quantity !== 'number' || !Number.isInteger(v.quantity) || v.quantity < 1) return undefined;
  const now = new Date().toISOString();
  return {
    id: typeof v.id === 'string' && v.id ? v.id : localId(),
    product_id: v.product_id,
    name: v.name,
    price: v.price,
    quantity: Math.min(v.quantity, MAX_LINE_QUANTITY),
    image_url: typeof v.image_url === 'string' ? v.image_url : '',
    created_at: typeof v.created_at === 'string' ? v.created_at : now,
    updated_at: typeof v.updated_at === 'string' ? v.updated_at : now,
  };
}

/** The valid lines of whatever was stored; damaged entries are dropped, never a crash. */
export function parseGuestCart(value: unknown): GuestCartItem[] {
  if (!Array.isArray(value)) return [];
  const byProduct = new Map<string, GuestCartItem>();
  for (const item of value.map(toItem)) {
    if (!item) continue;
    const existing = byProduct.get(item.product_id);
    // Two lines of one product (an old bug, a hand edit) become one, as on the server.
    if (existing) existing.quantity = addQuantity(existing.quantity, item.quantity).quantity;
    else byProduct.set(item.product_id, item);
  }
  return [...byProduct.values()];
}

export function readGuestCart(): GuestCartItem[] {
  return parseGuestCart(readJson(GUEST_CART_KEY));
}

export function writeGuestCart(items: readonly GuestCartItem[]): boolean {
  return writeJson(GUEST_CART_KEY, items);
}

/** Adds to the product's line (capped at 99) or puts a new line first, as the server orders. */
export function withAdded(
  items: readonly GuestCartItem[],
  product: CartProduct,
  quantity: number,
  now = new Date().toISOString(),
): { items: GuestCartItem[]; capped: boolean; limit: LineLimit | null } {
  const existing = items.find((item) => item.product_id === product.id);
  if (existing) {
    const next = addQuantity(existing.quantity, quantity, product.left);
    return {
      capped: next.capped,
      limit: next.limit,
      items: items.map((item) =>
        item === existing ? { ...item, quantity: next.quantity, updated_at: now } : item,
      ),
    };
  }
  const first = addQuantity(0, quantity, product.left);
  const line: GuestCartItem = {
    id: localId(),
    product_id: product.id,
    name: product.name,
    price: product.price,
    quantity: first.quantity,
    image_url: product.image,
    created_at: now,
    updated_at: now,
  };
  return { items: [line, ...items], capped: first.capped, limit: first.limit };
}

/** Sets a line's quantity; below 1 changes nothing, above 99 is capped. */
export function withQuantity(
  items: readonly GuestCartItem[],
  id: string,
  quantity: number,
  now = new Date().toISOString(),
): GuestCartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return [...items];
  const capped = Math.min(quantity, MAX_LINE_QUANTITY);
  return items.map((item) => (item.id === id ? { ...item, quantity: capped, updated_at: now } : item));
}

export function withoutLine(items: readonly GuestCartItem[], id: string): GuestCartItem[] {
  return items.filter((item) => item.id !== id);
}

/**
 * What is left after `sent` was merged into the account: the sent quantities are taken off,
 * so anything another tab added meanwhile stays for the next merge and nothing counts twice.
 */
export function afterMerge(
  current: readonly GuestCartItem[],
  sent: readonly GuestCartItem[],
): GuestCartItem[] {
  const sentQuantity = new Map(sent.map((item) => [item.product_id, item.quantity]));
  return current.flatMap((item) => {
    const left = item.quantity - (sentQuantity.get(item.product_id) ?? 0);
    return left > 0 ? [{ ...item, quantity: left }] : [];
  });
}
