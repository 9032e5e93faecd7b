import { BadgeCheck, FileText, RotateCcw, Truck } from 'lucide';
import type { ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { lazyComponent } from '~/lib/lazy-component';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { StarRating } from '~/components/ui/star-rating';
import { freeShippingText, freightText } from '~/commerce/shipping';
import { useShippingFigures } from '~/commerce/shipping-figures';
import type { ProductCard } from '~/commerce/catalogue/catalog';
import { NOT_RETURNABLE_TEXT, type ProductPage } from '~/commerce/catalogue/catalog';
import type { FitInput } from '~/commerce/catalogue/catalog.schema';
import { PriceTag } from './price-tag';
import { CompareToggle } from './compare-toggle';
import type { CardControls } from './product-card';
import { ProductGallery } from './product-gallery';
import { ProductGrid } from './product-grid';
import { type ProductTab, ProductTabs } from './product-tabs';
import { RecentlyViewed } from './recently-viewed';
import { ShareButtons } from './share-buttons';

interface ProductViewProps {
  product: ProductPage;
  categoryName: string;
  subcategoryName: string;
  related: ProductCard[];
  url: string;
  /** Quantity, Add to Cart and the wishlist toggle: the cart's and wishlist's, from the route. */
  purchase: ReactNode;
  /** The same controls on the cards of the related products. */
  cardControls: CardControls;
  /** "Will it fit?" as the URL gave it: products with fit figures only. */
  fitInput?: FitInput;
  /** The Reviews tab's content: the reviews feature's, from the route. */
  reviews: ReactNode;
  /** The information tab the URL opened (?tab=). */
  tab: ProductTab;
}

// Rendered whole by the server (a GET form that answers without scripts); its code comes after
// the first load.
const FitCheck = lazyComponent(() => import('./fit-check').then((m) => m.FitCheck));

const stockColour = {
  'In Stock': 'text-success',
  'Low Stock': 'text-warning',
  'Out of Stock': 'text-danger',
} as const;

export function ProductView(props: ProductViewProps) {
  const {
    product,
    categoryName,
    subcategoryName,
    related,
    url,
    purchase,
    cardControls,
    fitInput,
    reviews,
    tab,
  } = props;
  const figures = useShippingFigures();
  const freeShipping = freeShippingText(figures?.freeFrom ?? null);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: categoryName, href: `/category/${product.category}` },
          { label: subcategoryName, href: product.categoryPath },
          { label: product.name },
        ]}
      />
      <div className="mt-6 grid grid-cols-1 gap-10 md:grid-cols-2">
        <ProductGallery images={product.images} />
        <div className="flex flex-col gap-4">
          <p className="text-muted">{product.brand}</p>
          <h1 className="text-3xl font-bold">{product.name}</h1>
          <StarRating rating={product.rating} reviewCount={product.reviewCount} size={20} />
          <div className="flex flex-wrap items-center gap-3">
            <PriceTag price={product.price} originalPrice={product.originalPrice} size="lg" />
            {product.isSale ? (
              <span className="rounded bg-amber-300 px-2 py-1 text-sm font-bold text-black">
                {product.discount}% OFF
              </span>
            ) : null}
          </div>
          <p>{product.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-bold">SKU</dt>
            <dd>{product.sku}</dd>
            <dt className="font-bold">Brand</dt>
            <dd>{product.brand}</dd>
            <dt className="font-bold">Availability</dt>
            <dd className={`font-bold ${stockColour[product.stock]}`}>
              {product.stock}
              {product.left !== null ? <span className="block">{`Only ${product.left} left`}</span> : null}
            </dd>
          </dl>
          {purchase}
          <CompareToggle product={product} />
          <ul className="flex flex-col gap-2 rounded-lg bg-surface p-4">
            {freeShipping ? (
              <li className="flex gap-2">
                <Icon icon={Truck} className="shrink-0" /> {freeShipping}
              </li>
            ) : null}
            {product.freightOnly ? (
              <li className="flex gap-2 font-bold">
                <Icon icon={Truck} className="shrink-0" /> {freightText(figures?.freightDays ?? '')}
              </li>
            ) : null}
            <li className="flex gap-2">
              <Icon icon={RotateCcw} className="shrink-0" />
              {product.returnable ? '30-day money-back guarantee' : NOT_RETURNABLE_TEXT}
            </li>
            <li className="flex gap-2">
              <Icon icon={BadgeCheck} className="shrink-0" />
              {product.hsaFsaText}
            </li>
            {product.prescriptionText ? (
              <li className="flex gap-2">
                <Icon icon={FileText} className="shrink-0" />
                {product.prescriptionText}
              </li>
            ) : null}
          </ul>
          {fitInput ? (
            <FitCheck measures={product.measures} input={fitInput} pathname={product.link} />
          ) : null}
          <ShareButtons title={product.name} url={url} />
        </div>
      </div>
      <ProductTabs product={product} reviews={reviews} open={tab} />
      <RecentlyViewed
        current={{ id: product.id, name: product.name, image: product.image, link: product.link }}
      />
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="mb-4 text-2xl font-bold">
            Related Products
          </h2>
          <ProductGrid products={related} controls={cardControls} />
        </section>
      ) : null}
    </div>
  );
}
