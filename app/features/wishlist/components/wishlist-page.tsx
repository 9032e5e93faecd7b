import { Heart, Trash2 } from 'lucide';
import { type ComponentType, type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { FallbackImage } from '~/components/ui/fallback-image';
import { Icon } from '~/components/ui/icon';
import { formatPrice } from '~/commerce/money';
import { PLACEHOLDER_IMAGE } from '~/commerce/catalogue/catalog';
import type { WishlistEntry } from '../guest-wishlist';
import { clearWishlist, refreshWishlist, removeFromWishlist } from '../wishlist-actions';
import { useServerWishlist, useWishlist, type WishlistState } from '../wishlist-state';

/**
 * The cart's Add to Cart button, handed in by the route (a slot), so the wishlist does not
 * import the cart.
 */
export type WishlistAddToCart = ComponentType<{
  product: { id: string; name: string; price: number; image: string };
  label: 'Add to Cart';
  className: string;
}>;

/**
 * A wishlist change as a real form (docs/decisions/0045): without scripts the browser posts it
 * to the page's action; with scripts the button's handler takes the press (preventDefault).
 */
function WishlistForm({
  intent,
  productId,
  children,
}: {
  intent: 'remove' | 'clear';
  productId?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action="/wishlist" className="contents">
      <input type="hidden" name="intent" value={intent} />
      {productId ? <input type="hidden" name="productId" value={productId} /> : null}
      {children}
    </form>
  );
}

function EmptyWishlist() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <Icon icon={Heart} size={48} className="text-muted" />
      <h2 className="text-2xl font-bold">Your wishlist is empty</h2>
      <p className="text-muted">Save products you like with the heart button to find them here later.</p>
      <Link to="/category/all" className={primaryButton}>
        Browse Products
      </Link>
    </div>
  );
}

function WishlistCard({
  entry,
  onRemove,
  AddToCartButton,
}: {
  entry: WishlistEntry;
  onRemove: (e: WishlistEntry) => void;
  AddToCartButton: WishlistAddToCart;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <Link to={entry.link} tabIndex={-1} aria-hidden="true">
        <FallbackImage
          src={entry.image || PLACEHOLDER_IMAGE}
          fallbackSrc={PLACEHOLDER_IMAGE}
          alt=""
          width={600}
          height={600}
          loading="lazy"
          className="product-card-image"
        />
      </Link>
      <h2 className="text-base leading-snug font-bold">
        <Link to={entry.link} className="underline-offset-2 hover:underline">
          {entry.name}
        </Link>
      </h2>
      <p className="text-lg font-bold">{formatPrice(entry.price)}</p>
      <div className="mt-auto flex flex-col gap-2">
        <AddToCartButton
          product={{ ...entry, id: entry.product_id }}
          label="Add to Cart"
          className="w-full"
        />
        <WishlistForm intent="remove" productId={entry.product_id}>
          <button
            type="submit"
            className={`${secondaryButton} w-full`}
            onClick={(event) => {
              event.preventDefault();
              onRemove(entry);
            }}
          >
            <Icon icon={Trash2} size={20} />
            Remove<span className="sr-only"> {entry.name} from wishlist</span>
          </button>
        </WishlistForm>
      </div>
    </li>
  );
}

/** What the page's action answered a change posted without scripts that it refused. */
export interface WishlistAnswer {
  intent: string;
  ok: boolean;
  message?: string;
}

/** 'My Wishlist': saved products, each with Add to Cart and remove. */
export function WishlistPage({
  AddToCart,
  answer,
}: {
  AddToCart: WishlistAddToCart;
  answer?: WishlistAnswer;
}) {
  const store = useWishlist();
  const saved = useServerWishlist();
  // Until the browser has read the wishlist (and always without scripts), the server's.
  const waiting = store.status === 'idle' || store.status === 'loading';
  const wishlist: WishlistState =
    waiting && saved.length > 0 ? { ...store, status: 'ready', entries: saved } : store;
  const heading = useRef<HTMLHeadingElement>(null);

  function remove(entry: WishlistEntry) {
    // The card, which held focus, goes away: keep the shopper's place at the top.
    heading.current?.focus();
    void removeFromWishlist(entry.product_id, entry.name);
  }

  let body;
  if (wishlist.status === 'idle' || wishlist.status === 'loading') {
    body = (
      <>
        <p role="status" className="py-16 text-center text-lg">
          Loading your wishlist...
        </p>
        {/* Without scripts the server's wishlist is all there is, and it is empty. */}
        <noscript>
          <EmptyWishlist />
        </noscript>
      </>
    );
  } else if (wishlist.status === 'error') {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 py-10">
        <p className="text-lg font-bold">We could not load your wishlist.</p>
        <button type="button" className={secondaryButton} onClick={() => void refreshWishlist()}>
          Try again
        </button>
      </div>
    );
  } else if (wishlist.entries.length === 0) {
    body = <EmptyWishlist />;
  } else {
    const count = wishlist.entries.length;
    body = (
      <>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p>{count === 1 ? '1 saved product' : `${count} saved products`}</p>
          <WishlistForm intent="clear">
            <button
              type="submit"
              className={secondaryButton}
              onClick={(event) => {
                event.preventDefault();
                if (!window.confirm('Remove all items from your wishlist?')) return;
                heading.current?.focus();
                void clearWishlist();
              }}
            >
              Clear Wishlist
            </button>
          </WishlistForm>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
          {wishlist.entries.map((entry) => (
            <WishlistCard
              key={entry.product_id}
              entry={entry}
              onRemove={remove}
              AddToCartButton={AddToCart}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="mb-6 text-3xl font-bold">
        My Wishlist
      </h1>
      {answer && !answer.ok && answer.message ? (
        <p role="alert" className="mb-4 font-bold text-danger">
          {answer.message}
        </p>
      ) : null}
      {body}
    </div>
  );
}
