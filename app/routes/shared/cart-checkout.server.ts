import { type AppLoadContext, data, redirect } from 'react-router';
import { getSessionUser, type SessionUser } from '~/lib/session.server';
import type { ServerCart } from '~/features/cart/cart-form.server';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { shopSettingsOf } from '~/commerce/shop-settings-store.server';
import type { OrderQuote } from '~/commerce/checkout/quote';
import { quoteOrder } from '~/features/checkout/quote.server';
import { ADDRESS_FIELDS, addressSummary } from '~/commerce/delivery/address-book';
import { addressSchema } from '~/commerce/delivery/address.schema';
import type { UsStateCode } from '~/commerce/delivery/us-states';
import { SHIPPING_CHOICES, type ShippingChoice } from '~/commerce/delivery/shipping-options';
import { normalizePromoCode } from '~/commerce/promo/promo';
import { promotionsOf } from '~/commerce/promo/promotion-store.server';
import { checkPromoForCart } from '~/features/checkout/promo-check.server';
import { readCookie, setCookieLine } from '~/lib/cookies';
import { firstIssues } from '~/lib/form-answer';

/**
 * The cart page's checkout forms without scripts (docs/decisions/0044): the promo code, the
 * totals and the shipping address. Here, in the route, because they compose the cart, the
 * promotions, delivery and the checkout's quote, which do not import each other.
 */
const PROMO_COOKIE = 'promo_code';

type Args = { context: AppLoadContext; request: Request };

/**
 * The promo code a browser without scripts applied (the device keeps it otherwise); whether it
 * still gives anything is the quote's to say.
 */
export function cookiePromoCode(request: Request): string | null {
  const code = normalizePromoCode(readCookie(request.headers.get('Cookie') ?? '', PROMO_COOKIE) ?? '');
  return /^[A-Z0-9_-]{1,40}$/.test(code) ? code : null;
}

const promoCookie = (code: string | null, secure: boolean) =>
  setCookieLine(PROMO_COOKIE, code ?? '', { maxAge: code ? 30 * 24 * 60 * 60 : 0, secure });

/** The server's figures for the cart (not strict: the summary prices what it can). */
export async function serverQuote(
  { context, request }: Args,
  cart: ServerCart,
  state: UsStateCode | null = null,
  user?: SessionUser | null,
  shipping: ShippingChoice = 'standard',
): Promise<OrderQuote | null> {
  if (cart.lines.length === 0) return null;
  user ??= await getSessionUser(context, request);
  const items = cart.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity }));
  const deps = {
    db: context.services.database.db,
    catalogue: catalogueOf(context.services),
    promotions: promotionsOf(context.services),
    settings: shopSettingsOf(context.services),
  };
  const { quote } = await quoteOrder(
    deps,
    user,
    { items, promoCode: cookiePromoCode(request), shipping, state },
    { strict: false },
  );
  return quote;
}

/** Apply (intent `promo`) or remove (`promo-remove`) a code: kept in a cookie. */
export async function changePromo({ context, request }: Args, form: FormData, cart: ServerCart) {
  const secure = context.services.env.isHttps;
  if (form.get('intent') === 'promo-remove')
    return redirect('/cart', { headers: { 'Set-Cookie': promoCookie(null, secure) } });
  const user = await getSessionUser(context, request);
  const items = cart.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity }));
  const check = await checkPromoForCart(context.services, user, items, String(form.get('code') ?? ''));
  if (!check.ok)
    return data({ intent: 'promo', ok: false, message: check.message } as const, { status: 400 });
  return redirect('/cart', { headers: { 'Set-Cookie': promoCookie(check.promo.code, secure) } });
}

/**
 * The shipping address without scripts: checked with the form's schema; a valid one leads to
 * the payment step with the figures for that destination.
 */
export async function shipTo(args: Args, form: FormData, cart: ServerCart) {
  const values = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, String(form.get(field) ?? '')]));
  const parsed = addressSchema.safeParse(values);
  if (!parsed.success)
    return data({ intent: 'address', ok: false, fields: firstIssues(parsed.error.issues), values } as const, {
      status: 400,
    });
  // The shipping option's radios belong to the address form; one not offered (a freight cart
  // has Standard only) is priced as Standard, as the page shows it.
  const asked = SHIPPING_CHOICES.find((choice) => choice === form.get('shipping')) ?? 'standard';
  const first = await serverQuote(args, cart, parsed.data.state, undefined, asked);
  const offered = first?.offers.some((offer) => offer.choice === asked) ?? false;
  const shipping: ShippingChoice = offered ? asked : 'standard';
  const quote = offered ? first : await serverQuote(args, cart, parsed.data.state, undefined, shipping);
  return data({
    intent: 'address',
    ok: true,
    shipsTo: addressSummary(parsed.data),
    quote,
    shipping,
  } as const);
}
