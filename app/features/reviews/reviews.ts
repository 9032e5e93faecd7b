import { FULFILMENT, type Fulfilment } from '~/commerce/order-states';

/**
 * Reviews by verified buyers (docs/decisions/0027): pure rules and words, shared by the
 * buyer's form, the product page and the console.
 */

export type ReviewStatus = 'pending' | 'published' | 'rejected';

export const REVIEW_LIMITS = { title: 80, body: 2000, reason: 500 } as const;

/** Reviews per page on a product page (the newest first). */
export const REVIEWS_PER_PAGE = 10;

/** The rating's choices, best first: stars and a word, for those who read either. */
export const RATING_CHOICES = [
  { value: '5', label: '5 stars: Excellent' },
  { value: '4', label: '4 stars: Good' },
  { value: '3', label: '3 stars: Average' },
  { value: '2', label: '2 stars: Poor' },
  { value: '1', label: '1 star: Very poor' },
] as const;

export const REVIEW_THANKS = 'Thank you. Your review will appear once it has been checked.';

/** An order's lines may be reviewed once it has reached the buyer. */
export const isReviewable = (order: { fulfilment: Fulfilment }): boolean =>
  order.fulfilment === FULFILMENT.delivered;

/** Where the buyer writes (or edits) their review of one line of an order. */
export const reviewPath = (reference: string, productId: string) =>
  `/account/orders/${reference}/review/${productId}`;

/** How a review is signed in public: the first name and the last name's initial ("Rosa T."). */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.trim() || 'A customer';
  const initial = [...lastName.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The line a buyer may review: in their own order, delivered, of a product the catalogue has. */
export interface ReviewableLine {
  orderId: string;
  reference: string;
  productId: string;
  name: string;
  imageUrl: string;
}

/** The buyer's own review as the order page and the form show it. */
export interface OwnReview {
  status: ReviewStatus;
  rating: number;
  title: string;
  body: string;
  /** Why staff did not publish it. */
  reason: string | null;
}

/** What the order page says about the buyer's review of a line. */
export function ownReviewText(review: Pick<OwnReview, 'status' | 'reason'>): string {
  if (review.status === 'published') return 'Your review is published.';
  if (review.status === 'pending') return 'Your review will appear once it has been checked.';
  return review.reason ? `Your review was not published: ${review.reason}` : 'Your review was not published.';
}

/** A published review as a product page shows it. */
export interface PublishedReview {
  id: string;
  rating: number;
  title: string | null;
  body: string;
  author: string;
  /** "November 25, 2026", in the store's time zone; and yyyy-mm-dd for machines. */
  date: string;
  isoDate: string;
}

/** A product page's Reviews tab: the figures shown and one page of published reviews. */
export interface ProductReviewsView {
  productLink: string;
  rating: number;
  reviewCount: number;
  /** Published reviews: none means the figures are the seed's. */
  verifiedCount: number;
  reviews: PublishedReview[];
  page: number;
  pages: number;
}

/** Every published review of a product, a page at a time (its product page shows the newest). */
export const allReviewsPath = (productLink: string) => `${productLink}/reviews`;

/** The page of reviews a URL asks for (`?page=2`): 1 for anything else. */
export function reviewsPageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}
