import { Heart } from 'lucide';
import { useState } from 'react';
import { secondaryButton } from '~/components/ui/button-styles';
import { Icon } from '~/components/ui/icon';
import { notify } from '~/lib/toast';
import type { WishlistProduct } from '../guest-wishlist';
import { loadWishlistClient, useInWishlist } from '../wishlist-state';

interface WishlistButtonProps {
  product: WishlistProduct;
  /** 'icon': heart on grid cards; 'text': 'Wishlist'/'Remove' in list view; 'page': product page. */
  variant: 'icon' | 'text' | 'page';
  className?: string;
}

/** Adds the product to the wishlist, or removes it when it is there (a toggle button). */
export function WishlistButton({ product, variant, className = '' }: WishlistButtonProps) {
  const inList = useInWishlist(product.id);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      const { id, name, image, price, link, stock } = product;
      await (await loadWishlistClient()).toggleWishlist({ id, name, image, price, link, stock });
    } catch {
      notify.error('Could not update your wishlist', { description: 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const heart = <Icon icon={Heart} size={20} className={inList ? 'fill-current text-danger' : ''} />;
  if (variant === 'icon') {
    return (
      <button
        type="button"
        aria-pressed={inList}
        aria-label={inList ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
        className={`btn-icon-round ${className}`}
        onClick={toggle}
      >
        {heart}
      </button>
    );
  }
  // Visible words stay inside the accessible name, so speech control users can say them.
  return (
    <button
      type="button"
      aria-pressed={inList}
      className={`${secondaryButton} ${className}`}
      onClick={toggle}
    >
      {heart}
      {variant === 'page' ? (
        inList ? (
          'Remove from Wishlist'
        ) : (
          'Add to Wishlist'
        )
      ) : inList ? (
        <span>
          Remove<span className="sr-only"> {product.name} from wishlist</span>
        </span>
      ) : (
        <span>
          <span className="sr-only">Add {product.name} to </span>Wishlist
        </span>
      )}
    </button>
  );
}
