import { lazy } from 'react';
import { data } from 'react-router';
import { getSessionUser } from '~/features/account/session.server';
import { cartAction, readServerCart } from '~/features/cart/cart-form.server';
import { useCart } from '~/features/cart/cart-state';
import { CartPage } from '~/features/cart/components/cart-page';
import { RecentlyViewed } from '~/features/catalog/components/recently-viewed';
import { listAddresses } from '~/features/delivery/address-book.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/cart';

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
  return data({ addresses, serverCart: cart }, { headers });
}

/** Add, change a quantity, remove, clear: the forms post here with or without scripts. */
export function action({ context, request }: Route.ActionArgs) {
  return cartAction({ context, request });
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

export default function Cart({ loaderData }: Route.ComponentProps) {
  // What is in the cart already is not suggested again below it.
  const inCart = useCart().lines.map((line) => line.product_id);
  return (
    <>
      <CartPage
        CheckoutDialog={CheckoutDialog}
        savedAddresses={loaderData.addresses}
        serverCart={loaderData.serverCart}
      />
      <div className="mx-auto max-w-7xl px-4 pb-8">
        <RecentlyViewed exclude={inCart} />
      </div>
    </>
  );
}
