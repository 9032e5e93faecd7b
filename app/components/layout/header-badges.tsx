import { Heart, ShoppingCart } from 'lucide';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { useCartCount, useCartSync } from '~/features/cart/cart-state';
import { useWishlist, useWishlistSync } from '~/features/wishlist/wishlist-state';

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

/** Wishlist and cart links with their counts ("Cart, 3 items"), kept in step with the session. */
export function HeaderBadges({ signedIn, className }: { signedIn: boolean; className: string }) {
  useCartSync(signedIn);
  useWishlistSync(signedIn);
  const cartCount = useCartCount();
  const wishlist = useWishlist();
  const wishCount = wishlist.status === 'ready' ? wishlist.entries.length : null;
  return (
    <>
      <Link to="/wishlist" className={className}>
        <Icon icon={Heart} />
        <span className="sr-only">Wishlist{wishCount === null ? '' : `, ${items(wishCount)}`}</span>
        <Badge count={wishCount} />
      </Link>
      <Link to="/cart" className={className}>
        <Icon icon={ShoppingCart} />
        <span className="sr-only">Cart{cartCount === null ? '' : `, ${items(cartCount)}`}</span>
        <Badge count={cartCount} />
      </Link>
    </>
  );
}
