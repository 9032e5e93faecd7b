import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { formatOrderDate } from '~/commerce/orders/order-status';
import { type ProductReviewsView, type PublishedReview, reviewerName, REVIEWS_PER_PAGE } from './reviews';

/** Better Auth's user table, as far as reviews read it (the name they are signed with). */
interface UserNames {
  user: { id: string; firstName: string; lastName: string };
}
type Db = Kysely<DatabaseSchema>;
type DbWithUsers = Kysely<DatabaseSchema & UserNames>;

/** One page of a product's published reviews, newest first, as the product page shows them. */
export async function publishedReviews(db: Db, productId: string, page: number): Promise<PublishedReview[]> {
  const rows = await (db as unknown as DbWithUsers)
    .selectFrom('reviews')
    .innerJoin('user', 'user.id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.rating',
      'reviews.title',
      'reviews.body',
      'reviews.published_at',
      'user.firstName',
      'user.lastName',
    ])
    .where('reviews.product_id', '=', productId)
    .where('reviews.status', '=', 'published')
    .orderBy('reviews.published_at', 'desc')
    .orderBy('reviews.id')
    .limit(REVIEWS_PER_PAGE)
    .offset((page - 1) * REVIEWS_PER_PAGE)
    .execute();
  return rows.map((row) => {
    const at = Number(row.published_at ?? 0);
    return {
      id: row.id,
      rating: row.rating,
      title: row.title,
      body: row.body,
      author: reviewerName(row.firstName, row.lastName),
      date: formatOrderDate(at),
      isoDate: isoDay(at),
    };
  });
}

/**
 * A product page's Reviews tab: the figures the catalogue shows, and the page of published
 * reviews the URL asks for (no query for a product without any).
 */
export async function productReviewsView(
  db: Db,
  product: { id: string; link: string; rating: number; reviewCount: number; verifiedReviewCount: number },
  page: number,
): Promise<ProductReviewsView> {
  const pages = Math.max(1, Math.ceil(product.verifiedReviewCount / REVIEWS_PER_PAGE));
  const current = Math.min(page, pages);
  return {
    productLink: product.link,
    rating: product.rating,
    reviewCount: product.reviewCount,
    verifiedCount: product.verifiedReviewCount,
    reviews: product.verifiedReviewCount > 0 ? await publishedReviews(db, product.id, current) : [],
    page: current,
    pages,
  };
}

/** yyyy-mm-dd of a moment in the store's time zone (Eastern), as the page's date reads. */
function isoDay(at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(at));
}
