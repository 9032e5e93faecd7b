import { Heart, ShoppingCart } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { useCart, useCartCount, useCartSync } from '~/features/cart/cart-state';
import { useWishlist, useWishlistSync } from '~/features/wishlist/wishlist-state';
import { PageLink } from '~/components/ui/page-link';

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

function Badge({ count }: { count: number | null }) {
  if (!count) return null;
  // The number is in the link's name; the badge is only its picture.
  return (
    <span
      aria-hidden="true"
      className="absolute top-0 right-0 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * Wishlist and cart links with their counts ("Cart, 3 items"), kept in step with the session.
 * A signed-in page comes with its cart count from the server, shown until the browser's cart
 * store has read the cart (hydration renders the same count, so nothing flashes); a guest's
 * count is known only to the device and appears after hydration.
 */
export function HeaderBadges({
  signedIn,
  serverCartCount,
  className,
}: {
  signedIn: boolean;
  serverCartCount: number | null;
  className: string;
}) {
  useCartSync(signedIn);
  useWishlistSync(signedIn);
  const cart = useCart();
  const cartCount = useCartCount() ?? (signedIn ? serverCartCount : null);
  const wishlist = useWishlist();
  const wishCount = wishlist.status === 'ready' ? wishlist.entries.length : null;
  return (
    <>
      <PageLink to="/wishlist" className={className}>
        <Icon icon={Heart} />
        <span className="sr-only">Wishlist{wishCount === null ? '' : `, ${items(wishCount)}`}</span>
        <Badge count={wishCount} />
      </PageLink>
      {/* data-cart-status: 'ready' once this page's cart store has read the cart (tests wait for it). */}
      <PageLink to="/cart" className={className} data-cart-status={cart.status}>
        <Icon icon={ShoppingCart} />
        <span className="sr-only">Cart{cartCount === null ? '' : `, ${items(cartCount)}`}</span>
        <Badge count={cartCount} />
      </PageLink>
    </>
  );
}
