import type { AppServices } from '#server/types';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { cookieWithProduct, readWishlistCookie, wishlistCookieHeader } from './guest-wishlist-cookie';
import type { WishlistForm } from './wishlist.schema';
import { addToWishlist, clearWishlist, mergeWishlist, removeFromWishlist } from './wishlist.server';

/**
 * The wishlist's rules for each of its forms (docs/decisions/0045), whoever posted it: the
 * page's action for a browser without scripts and the JSON answer for the page's script both
 * call changeWishlist, so the two can never differ. A signed-in shopper changes the account's
 * wishlist; a guest without scripts the guest wishlist cookie.
 */
export type WishlistOwner = { userId: string } | { guestIds: readonly string[] };

export type WishlistOutcome =
  | { ok: true; guestIds?: string[] }
  | { ok: false; status: 400 | 401 | 404 | 409; code: string; message: string };

type Intent<K extends WishlistForm['intent']> = (
  services: AppServices,
  owner: WishlistOwner,
  form: Extract<WishlistForm, { intent: K }>,
) => Promise<WishlistOutcome>;

const UNKNOWN_PRODUCT = {
  ok: false,
  status: 400,
  code: 'unknown_product',
  message: 'This product does not exist.',
} as const;
const NOT_IN_LIST = {
  ok: false,
  status: 404,
  code: 'not_found',
  message: 'This item is not in your wishlist.',
} as const;
const done = { ok: true } as const;

const add: Intent<'add'> = async (services, owner, { productId }) => {
  const catalogue = catalogueOf(services);
  if ('userId' in owner) {
    const added = await addToWishlist(services.database.db, catalogue, owner.userId, productId);
    return added ? done : UNKNOWN_PRODUCT;
  }
  if (!catalogue.getProduct(productId)) return UNKNOWN_PRODUCT;
  const guestIds = cookieWithProduct(owner.guestIds, productId);
  if (!guestIds)
    return {
      ok: false,
      status: 409,
      code: 'wishlist_full',
      message: 'Your wishlist is full. Remove a product to save another, or sign in to save more.',
    };
  return { ok: true, guestIds };
};

const remove: Intent<'remove'> = async (services, owner, { productId }) => {
  if ('userId' in owner) {
    const removed = await removeFromWishlist(services.database.db, owner.userId, productId);
    return removed ? done : NOT_IN_LIST;
  }
  if (!owner.guestIds.includes(productId)) return NOT_IN_LIST;
  return { ok: true, guestIds: owner.guestIds.filter((id) => id !== productId) };
};

const clear: Intent<'clear'> = async (services, owner) => {
  if (!('userId' in owner)) return { ok: true, guestIds: [] };
  await clearWishlist(services.database.db, owner.userId);
  return done;
};

const merge: Intent<'merge'> = async (services, owner, { productIds }) => {
  // A guest's device wishlist has nowhere to go but an account.
  if (!('userId' in owner))
    return {
      ok: false,
      status: 401,
      code: 'unauthorized',
      message: 'Please sign in to use your account wishlist.',
    };
  // Products that left the catalogue are skipped: the rest is what the shopper saved.
  await mergeWishlist(services.database.db, catalogueOf(services), owner.userId, productIds);
  return done;
};

const INTENTS: { [K in WishlistForm['intent']]: Intent<K> } = { add, remove, clear, merge };

export interface WishlistChange {
  outcome: WishlistOutcome;
  /** Set-Cookie for the guest wishlist cookie, when it changed (or was merged and cleared). */
  cookie?: string;
}

/**
 * Runs one wishlist form for a signed-in user (null for a guest). A signed-in shopper who still
 * carries a guest wishlist cookie (saved without scripts, then signed in) has it merged into
 * the account first, and the cookie cleared: nothing saved as a guest is lost.
 */
export async function changeWishlist(
  services: AppServices,
  user: { id: string } | null,
  cookieHeader: string | null | undefined,
  form: WishlistForm,
): Promise<WishlistChange> {
  const guestIds = readWishlistCookie(cookieHeader);
  const secure = services.env.isHttps;
  const run = <K extends WishlistForm['intent']>(
    owner: WishlistOwner,
    f: Extract<WishlistForm, { intent: K }>,
  ) => (INTENTS[f.intent] as Intent<K>)(services, owner, f);
  if (!user) {
    const outcome = await run({ guestIds }, form);
    return outcome.ok && outcome.guestIds
      ? { outcome, cookie: wishlistCookieHeader(outcome.guestIds, secure) }
      : { outcome };
  }
  let cookie: string | undefined;
  if (guestIds.length > 0) {
    await mergeWishlist(services.database.db, catalogueOf(services), user.id, guestIds);
    cookie = wishlistCookieHeader([], secure);
  }
  return { outcome: await run({ userId: user.id }, form), cookie };
}
