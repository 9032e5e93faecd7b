import { type AppLoadContext, data, redirect } from 'react-router';
import type { AppServices } from '#server/types';
import { refusedFields } from '#server/validate';
import { formFields, formHoldsNul } from '~/lib/form-fields';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { toCard } from '~/commerce/catalogue/catalog';
import { getSessionUser } from '~/lib/session.server';
import { entryOf, type WishlistEntry } from './guest-wishlist';
import { readWishlistCookie } from './guest-wishlist-cookie';
import { changeWishlist } from './wishlist-change.server';
import { WISHLIST_LIST_FIELDS, wishlistFormSchema } from './wishlist.schema';
import { wishlistProductIds } from './wishlist.server';

/**
 * The wishlist page's action, what a browser without scripts posts the hearts and the page's
 * buttons to (docs/decisions/0045), and the wishlist a server render shows.
 */
type Args = { context: AppLoadContext; request: Request };

const WISHLIST_PAGE = '/wishlist';
/** Pages a change never goes back to: the API, the console, anything a browser could read as another host. */
const NOT_A_STORE_PAGE = /^\/(?:api|admin)(?:[/.]|$)|^\/\/|\\/;

/**
 * Where a plain post lands: back on the store page it was made from (the Referer, when it is
 * this store's), whose heart now shows the change; otherwise the wishlist itself.
 */
function backTo(request: Request, appUrl: string): string {
  const referer = request.headers.get('Referer');
  if (!referer || !URL.canParse(referer)) return WISHLIST_PAGE;
  const from = new URL(referer);
  const own = from.origin === new URL(request.url).origin || from.origin === new URL(appUrl).origin;
  if (!own || NOT_A_STORE_PAGE.test(from.pathname)) return WISHLIST_PAGE;
  return from.pathname + from.search;
}

/** add, remove, clear (and merge, which only scripts post): a redirect, or the page with a message. */
export async function wishlistAction({ context, request }: Args) {
  const fields = formFields(await request.formData(), WISHLIST_LIST_FIELDS);
  if (formHoldsNul(fields)) throw data('This form holds characters we cannot accept.', { status: 400 });
  const parsed = wishlistFormSchema.safeParse(fields);
  if (!parsed.success) {
    const { message } = refusedFields(parsed.error.issues);
    return data({ intent: 'wishlist', ok: false, message }, { status: 400 });
  }
  const user = await getSessionUser(context, request, { fresh: true });
  const { outcome, cookie } = await changeWishlist(
    context.services,
    user,
    request.headers.get('Cookie'),
    parsed.data,
  );
  const headers = new Headers();
  if (cookie) headers.append('Set-Cookie', cookie);
  // Gone already (another tab, a second press): what the shopper asked for.
  if (outcome.ok || outcome.code === 'not_found')
    return redirect(backTo(request, context.services.env.APP_URL), { headers });
  return data(
    { intent: parsed.data.intent, ok: false, message: outcome.message },
    { status: outcome.status, headers },
  );
}

/** For the viewer of a page (account/viewer.server.ts): the account wishlist's product ids. */
export const wishlistOf = (services: AppServices) => (userId: string) =>
  wishlistProductIds(services.database.db, userId);

/**
 * The wishlist as the server knows it, which the hearts and the wishlist page show until the
 * browser has read its own (and always without scripts): the account's products for a
 * signed-in shopper (ids from the page's viewer), the guest wishlist cookie's for a guest.
 * Products that left the catalogue are left out.
 */
export function serverWishlist(
  services: AppServices,
  request: Request,
  accountIds: readonly string[] | null,
): WishlistEntry[] {
  const catalogue = catalogueOf(services);
  const ids = accountIds ?? readWishlistCookie(request.headers.get('Cookie'));
  return ids.flatMap((id) => {
    const product = catalogue.getProduct(id);
    // Named by its product, as a guest cart's line is: the forms post the product id.
    return product ? [entryOf(toCard(product), id)] : [];
  });
}

/**
 * A signed-in shopper who still carries a guest wishlist cookie (saved without scripts, then
 * signed in) has it merged into the account when the wishlist page is opened, and the page is
 * asked for again without the cookie, so every part of it shows the merged wishlist.
 */
export async function mergeWishlistCookie({ context, request }: Args): Promise<void> {
  if (readWishlistCookie(request.headers.get('Cookie')).length === 0) return;
  const user = await getSessionUser(context, request, { fresh: true });
  if (!user) return;
  const { cookie } = await changeWishlist(context.services, user, request.headers.get('Cookie'), {
    intent: 'merge',
    productIds: [],
  });
  const url = new URL(request.url);
  throw redirect(url.pathname + url.search, { headers: cookie ? { 'Set-Cookie': cookie } : {} });
}
