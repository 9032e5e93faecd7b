import { AddToCartButton } from '~/features/cart/components/add-to-cart-button';
import { WishlistPage } from '~/features/wishlist/components/wishlist-page';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/wishlist';

// The wishlist is personal and lives on the device or behind the session: never cache the page.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [
    { title: pageTitle('My Wishlist') },
    { name: 'description', content: 'Products you saved for later, ready to add to your cart.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Wishlist() {
  return <WishlistPage AddToCart={AddToCartButton} />;
}
