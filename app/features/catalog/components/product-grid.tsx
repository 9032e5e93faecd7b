import type { ProductCard as Card } from '~/commerce/catalogue/catalog';
import { type CardControls, ProductCard } from './product-card';

export function ProductGrid({
  products,
  controls,
  view = 'grid',
  priorityCount = 0,
  headingLevel,
}: {
  products: Card[];
  /** Add to Cart and the wishlist toggle of each card, from the route. */
  controls: CardControls;
  view?: 'grid' | 'list';
  priorityCount?: number;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul
      className={
        view === 'grid'
          ? 'card-grid grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4'
          : 'flex flex-col gap-4'
      }
    >
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard
            product={product}
            controls={controls}
            view={view}
            priority={index < priorityCount}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
