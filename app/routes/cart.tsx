import { lazy } from 'react';
import { data, Link } from 'react-router';
import { getSessionUser } from '~/lib/session.server';
import { cartAction, readServerCart } from '~/features/cart/cart-form.server';
import { useCart } from '~/features/cart/cart-state';
import { CartPage } from '~/features/cart/components/cart-page';
import { RecentlyViewed } from '~/features/catalog/components/recently-viewed';
import { PaymentStepPreview } from '~/features/checkout/components/payment-step-preview';
import { listAddresses } from '~/commerce/delivery/address-book.server';
import { cartBuying } from '~/commerce/invoices/invoice-terms.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/cart';
import { changePromo, cookiePromoCode, serverQuote, shipTo } from './shared/cart-checkout.server';

// The cart is personal and lives on the device or behind the session: never cache the page.
// A merged guest cart cookie is cleared on the way (loaderHeaders' Set-Cookie).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const cookie of loaderHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
};

/**
 * A signed-in shopper's address book, to ship to in one tap (a guest has none), and the cart
 * as the server knows it, which a browser without scripts shows (docs/decisions/0044).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  const { cart, headers } = await readServerCart({ context, request });
  const addresses = user ? await listAddresses(context.services.database.db, user.id) : [];
  const quote = await serverQuote({ context, request }, cart, null, user);
  const buying = user ? await cartBuying(context.services.database.db, user.id) : undefined;
  return data(
    {
      addresses,
      signedIn: Boolean(user),
      buying: buying ?? null,
      serverCart: { ...cart, promoCode: cookiePromoCode(request), quote },
    },
    { headers },
  );
}

/**
 * Add, change a quantity, remove, clear (the cart's forms), and without scripts the promo code
 * and the shipping address: the forms post here with or without scripts.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.clone().formData();
  const intent = form.get('intent');
  if (intent !== 'promo' && intent !== 'promo-remove' && intent !== 'address')
    return cartAction({ context, request });
  const { cart } = await readServerCart({ context, request });
  return intent === 'address'
    ? shipTo({ context, request }, form, cart)
    : changePromo({ context, request }, form, cart);
}

export function meta() {
  return [
    { title: pageTitle('Your Shopping Cart') },
    {
      name: 'description',
      content: 'Review the items in your cart, apply a promo code and choose how to pay.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

// The dialog, its form and its schemas load only when a shopper checks out.
const CheckoutDialog = lazy(() => import('~/features/checkout/components/checkout-dialog'));

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  // What is in the cart already is not suggested again below it.
  const inCart = useCart().lines.map((line) => line.product_id);
  return (
    <>
      <CartPage
        CheckoutDialog={CheckoutDialog}
        savedAddresses={loaderData.addresses}
        buying={loaderData.buying}
        serverCart={loaderData.serverCart}
        answer={actionData}
        paymentStep={
          actionData && 'shipsTo' in actionData ? (
            <PaymentStepPreview shipsTo={actionData.shipsTo} quote={actionData.quote} />
          ) : undefined
        }
      />
      {loaderData.signedIn && inCart.length > 0 ? (
        <p className="mx-auto max-w-7xl px-4 pb-8">
          Buying in quantity, or more than a cart holds?{' '}
          <Link to="/account/quotes#ask" className="font-bold underline">
            Ask for a quote
          </Link>{' '}
          on these products and we will answer with prices.
        </p>
      ) : null}
      <div className="mx-auto max-w-7xl px-4 pb-8">
        <RecentlyViewed exclude={inCart} />
      </div>
    </>
  );
}
