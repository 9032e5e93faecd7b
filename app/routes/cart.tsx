import { lazy } from 'react';
import { CartPage } from '~/features/cart/components/cart-page';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/cart';

// The cart is personal and lives on the device or behind the session: never cache the page.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

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

export default function Cart() {
  return <CartPage CheckoutDialog={CheckoutDialog} />;
}
