import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '~/components/ui/fallback-image';
import { StarRating } from '~/components/ui/star-rating';
import { IMAGE_SIZE, PLACEHOLDER_IMAGE, type ProductCard as Card } from '~/commerce/catalogue/catalog';

import { CompareToggle } from './compare-toggle';
import { PriceTag } from './price-tag';

/**
 * The controls a card shows but the catalog does not own (slots): Add to Cart and the wishlist
 * toggle, handed in by the route, so the catalog imports neither the cart nor the wishlist.
 */
export interface CardControls {
  AddToCart: ComponentType<{ product: Card; label: 'Add' | 'Add to Cart'; className: string }>;
  Wishlist: ComponentType<{ product: Card; variant: 'icon' | 'text'; className?: string }>;
}

interface ProductCardProps {
  product: Card;
  controls: CardControls;
  view?: 'grid' | 'list';
  /** Cards in the first row are above the fold: load their images eagerly. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

function Badges({ product, view }: { product: Card; view: 'grid' | 'list' }) {
  if (!product.isNew && !product.isSale) return null;
  return (
    <div className="absolute top-2 left-2 flex flex-col items-start gap-1 text-xs font-bold">
      {product.isNew ? <span className="rounded bg-emerald-700 px-2 py-0.5 text-white">NEW</span> : null}
      {product.isSale ? <span className="rounded bg-red-700 px-2 py-0.5 text-white">SALE</span> : null}
      {product.isSale && view === 'grid' ? (
        <span className="rounded bg-amber-300 px-2 py-0.5 text-black">{`${product.discount}% OFF`}</span>
      ) : null}
    </div>
  );
}

/** One product in a grid or list, with its wishlist toggle and Add to Cart button. */
export function ProductCard({
  product,
  controls: { AddToCart, Wishlist },
  view = 'grid',
  priority = false,
  headingLevel = 'h3',
}: ProductCardProps) {
  const Heading = headingLevel;
  const isList = view === 'list';
  return (
    <article className={isList ? 'product-card gap-4 sm:flex-row' : 'product-card'}>
      <div className={isList ? 'relative sm:w-48 sm:shrink-0' : 'relative'}>
        <Link to={product.link} tabIndex={-1} aria-hidden="true">
          <FallbackImage
            src={product.image}
            alt=""
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            fallbackSrc={PLACEHOLDER_IMAGE}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            className="product-card-image"
          />
        </Link>
        <Badges product={product} view={view} />
        {isList ? null : <Wishlist product={product} variant="icon" className="absolute top-2 right-2" />}
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        <p className="text-sm text-muted">{product.brand}</p>
        <Heading className="text-base leading-snug font-bold">
          <Link to={product.link} className="underline-offset-2 hover:underline">
            {product.name}
          </Link>
        </Heading>
        <StarRating rating={product.rating} reviewCount={product.reviewCount} />
        {product.fit ? (
          <p
            className={`text-sm font-bold ${product.fit.answer === 'fits' ? 'text-success' : 'text-warning'}`}
          >
            {product.fit.text}
          </p>
        ) : null}
        {isList ? <p className="text-muted">{product.description}</p> : null}
        <div className="mt-auto pt-2">
          <PriceTag price={product.price} originalPrice={product.originalPrice} />
          {product.hsaFsa === 'not-eligible' ? null : (
            <p className="text-sm font-bold text-brand">HSA/FSA eligible</p>
          )}
          {/* Out of stock shows on the button itself. */}
          {product.stock === 'Low Stock' ? <p className="text-sm text-warning">Low Stock</p> : null}
          <div className="mt-2 flex flex-wrap gap-2">
            <AddToCart
              product={product}
              label={isList ? 'Add to Cart' : 'Add'}
              className={isList ? '' : 'w-full'}
            />
            {isList ? <Wishlist product={product} variant="text" /> : null}
            <CompareToggle product={product} />
          </div>
        </div>
      </div>
    </article>
  );
}
