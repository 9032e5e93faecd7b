import type { Product } from '~/commerce/catalogue/catalog.types';
import { centsToDecimal } from '~/commerce/money';

/** A published review as search engines are told of it (the newest ones, as on the page). */
export interface ReviewForSearch {
  author: string;
  /** yyyy-mm-dd. */
  datePublished: string;
  rating: number;
  title: string | null;
  body: string;
}

/**
 * schema.org Product and BreadcrumbList for search engines (JSON-LD). The rating is claimed only
 * from published reviews the page shows (docs/decisions/0027): the seed's figures have no
 * reviews behind them to show.
 */
export function productJsonLd(
  product: Product,
  appUrl: string,
  categoryName: string,
  subcategoryName: string,
  reviews: readonly ReviewForSearch[] = [],
) {
  const availability = {
    'In Stock': 'https://schema.org/InStock',
    'Low Stock': 'https://schema.org/LimitedAvailability',
    'Out of Stock': 'https://schema.org/OutOfStock',
  }[product.stock];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: product.sku,
      image: product.images.map((image) => `${appUrl}${image.src}`),
      brand: { '@type': 'Brand', name: product.brand },
      ...(product.verifiedReviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.rating,
              reviewCount: product.verifiedReviewCount,
              bestRating: 5,
              worstRating: 1,
            },
            review: reviews.map((review) => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: review.author },
              datePublished: review.datePublished,
              ...(review.title ? { name: review.title } : {}),
              reviewBody: review.body,
              reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            })),
          }
        : {}),
      offers: {
        '@type': 'Offer',
        url: `${appUrl}${product.link}`,
        priceCurrency: 'USD',
        price: centsToDecimal(product.price),
        availability,
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: 'Home', path: '/' },
        { name: categoryName, path: `/category/${product.category}` },
        { name: subcategoryName, path: product.categoryPath },
        { name: product.name, path: product.link },
      ].map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: `${appUrl}${crumb.path}`,
      })),
    },
  ];
}

/** JSON for a <script> element: "<" is escaped so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
