import { AddToCartButton } from '~/features/cart/components/add-to-cart-button';
import { WishlistPage } from '~/features/wishlist/components/wishlist-page';
import { mergeWishlistCookie, wishlistAction } from '~/features/wishlist/wishlist-form.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/wishlist';

// The wishlist is personal and lives on the device or behind the session: never cache the page.
// A refused change may still have merged and cleared a guest wishlist cookie (its Set-Cookie).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const cookie of actionHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
};

/** The page shows the root loader's wishlist; a guest's cookie meets the account here at sign-in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await mergeWishlistCookie({ context, request });
  return null;
}

/** Hearts and the page's buttons post here without scripts (docs/decisions/0045). */
export async function action({ context, request }: Route.ActionArgs) {
  return wishlistAction({ context, request });
}

export function meta() {
  return [
    { title: pageTitle('My Wishlist') },
    { name: 'description', content: 'Products you saved for later, ready to add to your cart.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Wishlist({ actionData }: Route.ComponentProps) {
  return <WishlistPage AddToCart={AddToCartButton} answer={actionData} />;
}
