import { data } from 'react-router';
import { ProductPurchase } from '~/features/cart/components/product-purchase';
import { productForPage } from '~/commerce/catalogue/catalog';
import { parseFitInput } from '~/commerce/catalogue/catalog.schema';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { hasFitFinder } from '~/commerce/catalogue/fit';
import { productTabOf } from '~/features/catalog/components/product-tabs';
import { ProductView } from '~/features/catalog/components/product-view';
import { jsonForScript, productJsonLd } from '~/features/catalog/structured-data';
import { productReviewsView } from '~/features/reviews/published-reviews.server';
import { WishlistButton } from '~/features/wishlist/components/wishlist-button';
import { lazyComponent } from '~/lib/lazy-component';
import { useNonce } from '~/lib/nonce';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/product';
import { cardControls } from './shared/card-controls';

// Rendered whole by the server; its code comes after the first load (docs/decisions/0027).
const ProductReviews = lazyComponent(() =>
  import('~/features/reviews/components/product-reviews').then((m) => m.ProductReviews),
);
// A GET form that works before its code arrives: also after the first load.
const RefillOffer = lazyComponent(() =>
  import('~/features/refills/components/refill-offer').then((m) => m.RefillOffer),
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const catalogue = catalogueOf(context.services);
  const product = catalogue.getProduct(params.productId);
  if (!product) throw data(null, { status: 404 });
  const category = catalogue.getCategory(product.category);
  const categoryName = category?.name ?? product.category;
  const subcategoryName =
    category?.subcategories.find((s) => s.id === product.subcategory)?.name ?? product.subcategory;
  const appUrl = context.services.env.APP_URL;
  const { searchParams } = new URL(request.url);
  // The newest published reviews; the rest on the product's reviews page.
  const reviews = await productReviewsView(context.services.database.db, product, 1);
  const forSearch = reviews.reviews.map((r) => ({ ...r, datePublished: r.isoDate }));
  return {
    product: productForPage(product),
    categoryName,
    subcategoryName,
    related: catalogue.relatedProducts(product).map((p) => catalogue.gridCard(p)),
    url: `${appUrl}${product.link}`,
    jsonLd: productJsonLd(product, appUrl, categoryName, subcategoryName, forSearch),
    fitInput: hasFitFinder(product.subcategory) ? parseFitInput(searchParams) : undefined,
    tab: productTabOf(searchParams),
    reviews,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product } = loaderData;
  return [
    { title: pageTitle(product.name) },
    { name: 'description', content: product.description },
    { tagName: 'link', rel: 'canonical', href: loaderData.url },
  ];
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { product } = loaderData;
  return (
    <>
      <ProductView
        product={product}
        categoryName={loaderData.categoryName}
        subcategoryName={loaderData.subcategoryName}
        related={loaderData.related}
        url={loaderData.url}
        purchase={
          <>
            <ProductPurchase
              product={product}
              wishlistButton={<WishlistButton product={product} variant="page" />}
            />
            <RefillOffer product={product} />
          </>
        }
        cardControls={cardControls}
        fitInput={loaderData.fitInput}
        reviews={<ProductReviews view={loaderData.reviews} />}
        tab={loaderData.tab}
      />
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonForScript(loaderData.jsonLd) }}
      />
    </>
  );
}
