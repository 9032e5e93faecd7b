import { data } from 'react-router';
import { getSessionUser } from '~/lib/session.server';
import { loadCartClient } from '~/features/cart/cart-state';
import { OrderNotFound, OrderSuccess } from '~/features/orders/components/order-success';
import { findViewableOrder } from '~/commerce/orders/order-access.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/order-success';

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaded?.order ? 'Thank You for Your Order' : 'Order not found') },
    { name: 'description', content: 'Your order has been placed and paid.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The order named by order_ref, if this visitor may see it (order-access.server.ts); else 404. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { database, env } = context.services;
  const order = await findViewableOrder(database.db, {
    reference: (new URL(request.url).searchParams.get('order_ref') ?? '').toUpperCase(),
    cookieHeader: request.headers.get('cookie'),
    secret: env.AUTH_SECRET,
    // Fresh: a signed-out or revoked session must not show the account's order from the cache.
    userId: async () => (await getSessionUser(context, request, { fresh: true }))?.id ?? null,
  });
  if (!order) return data({ order: null }, { status: 404 });
  return { order };
}

/** The cart's own refresh, for the order page (which does not import the cart). */
const refreshCart = () => void loadCartClient().then((cart) => cart.refreshCart());

export default function OrderSuccessRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.order ? (
    <OrderSuccess order={loaderData.order} refreshCart={refreshCart} />
  ) : (
    <OrderNotFound />
  );
}
