import { data } from 'react-router';
import { ProductPurchase } from '~/features/cart/components/product-purchase';
import { productForPage } from '~/features/catalog/catalog';
import { parseFitInput } from '~/features/catalog/catalog.schema';
import { catalogueOf } from '~/features/catalog/catalogue-store.server';
import { hasFitFinder } from '~/features/catalog/fit';
import { ProductView } from '~/features/catalog/components/product-view';
import { jsonForScript, productJsonLd } from '~/features/catalog/structured-data';
import { WishlistButton } from '~/features/wishlist/components/wishlist-button';
import { useNonce } from '~/lib/nonce';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/product';
import { cardControls } from './shared/card-controls';

export function loader({ params, request, context }: Route.LoaderArgs) {
  const catalogue = catalogueOf(context.services);
  const product = catalogue.getProduct(params.productId);
  if (!product) throw data(null, { status: 404 });
  const category = catalogue.getCategory(product.category);
  const categoryName = category?.name ?? product.category;
  const subcategoryName =
    category?.subcategories.find((s) => s.id === product.subcategory)?.name ?? product.subcategory;
  const appUrl = context.services.env.APP_URL;
  return {
    product: productForPage(product),
    categoryName,
    subcategoryName,
    related: catalogue.relatedProducts(product).map((p) => catalogue.gridCard(p)),
    url: `${appUrl}${product.link}`,
    jsonLd: productJsonLd(product, appUrl, categoryName, subcategoryName),
    fitInput: hasFitFinder(product.subcategory)
      ? parseFitInput(new URL(request.url).searchParams)
      : undefined,
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
          <ProductPurchase
            product={product}
            wishlistButton={<WishlistButton product={product} variant="page" />}
          />
        }
        cardControls={cardControls}
        fitInput={loaderData.fitInput}
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
