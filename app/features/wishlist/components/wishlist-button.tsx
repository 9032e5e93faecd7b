import { Heart } from 'lucide';
import type { MouseEvent } from 'react';
import { secondaryButton } from '~/components/ui/button-styles';
import { Icon } from '~/components/ui/icon';
import type { WishlistProduct } from '../guest-wishlist';
import { loadWishlistClient, useServerWishlist, useWishlist } from '../wishlist-state';

interface WishlistButtonProps {
  product: WishlistProduct;
  /** 'icon': heart on grid cards; 'text': 'Wishlist'/'Remove' in list view; 'page': product page. */
  variant: 'icon' | 'text' | 'page';
  className?: string;
}

/**
 * Whether the product is in the wishlist as the page shows it: the browser's once it has read
 * it, the server's until then (and always without scripts). Here rather than beside the store:
 * only the hearts ask, and the store's module is part of every page's first load.
 */
function useInWishlist(productId: string): boolean {
  const { status, entries } = useWishlist();
  const saved = useServerWishlist();
  return (status === 'ready' ? entries : saved).some((entry) => entry.product_id === productId);
}

/**
 * Adds the product to the wishlist, or removes it when it is there (a toggle button). A real
 * form (docs/decisions/0045): without scripts the browser posts it to the wishlist page's
 * action and comes back to this page; with scripts the wishlist code takes the press here.
 */
export function WishlistButton({ product, variant, className = '' }: WishlistButtonProps) {
  const inList = useInWishlist(product.id);

  function toggle(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const button = event.currentTarget;
    loadWishlistClient().then(
      (client) => client.toggleWishlist(product, inList),
      // The wishlist code could not be fetched: the form posts itself, as without scripts.
      () => button.form?.requestSubmit(button),
    );
  }

  const heart = <Icon icon={Heart} size={20} className={inList ? 'fill-current text-danger' : ''} />;
  // The button names the change it posts: its intent.
  const button = {
    type: 'submit',
    name: 'intent',
    value: inList ? 'remove' : 'add',
    'aria-pressed': inList,
    onClick: toggle,
  } as const;
  return (
    <form method="post" action="/wishlist" className="contents">
      <input type="hidden" name="productId" value={product.id} />
      {variant === 'icon' ? (
        <button
          {...button}
          aria-label={inList ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
          className={`btn-icon-round ${className}`}
        >
          {heart}
        </button>
      ) : (
        // Visible words stay inside the accessible name, so speech control users can say them.
        <button {...button} className={`${secondaryButton} ${className}`}>
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
      )}
    </form>
  );
}
