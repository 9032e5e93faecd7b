import { Link } from 'react-router';
import { StarRating } from '~/components/ui/star-rating';
import { allReviewsPath, type ProductReviewsView } from '../reviews';

/**
 * A product page's Reviews tab: the rating and the newest published reviews, with a link to all
 * of them past the first page. Rendered whole by the server; its code loads after the page's
 * first load (the route makes it lazy). Review text is only ever text: React escapes it.
 */
export function ProductReviews({ view }: { view: ProductReviewsView }) {
  if (view.verifiedCount === 0) {
    return (
      <>
        <StarRating rating={view.rating} reviewCount={view.reviewCount} size={20} />
        <p className="mt-2">
          Rated {view.rating} out of 5 by {view.reviewCount} customers. No written reviews yet: customers can
          review what they bought from their order history once it has been delivered.
        </p>
      </>
    );
  }
  return (
    <>
      <h2 className="text-2xl font-bold">Customer reviews</h2>
      <ReviewSummary view={view} />
      <ReviewList view={view} titleLevel="h3" />
      {view.pages > 1 ? (
        <Link
          to={allReviewsPath(view.productLink)}
          className="mt-4 inline-flex min-h-11 items-center font-bold text-brand underline"
        >
          Read all {view.verifiedCount} reviews
        </Link>
      ) : null}
    </>
  );
}

/** The average of the published reviews, and how many there are. */
export function ReviewSummary({ view }: { view: ProductReviewsView }) {
  const count = view.verifiedCount === 1 ? '1 review' : `${view.verifiedCount} reviews`;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <StarRating rating={view.rating} reviewCount={view.reviewCount} size={20} />
      <p>
        Average {view.rating} out of 5 from {count}. Only customers who bought it from us can review it.
      </p>
    </div>
  );
}

/** One page of published reviews, newest first. */
export function ReviewList({ view, titleLevel }: { view: ProductReviewsView; titleLevel: 'h2' | 'h3' }) {
  const Title = titleLevel;
  return (
    <ul className="mt-4 divide-y divide-border border-y border-border">
      {view.reviews.map((review) => (
        <li key={review.id} className="space-y-2 py-4">
          {review.title ? <Title className="text-lg font-bold break-words">{review.title}</Title> : null}
          <StarRating rating={review.rating} />
          <p className="text-sm">
            {review.author} · <time dateTime={review.isoDate}>{review.date}</time> ·{' '}
            <span className="font-bold text-success">Verified purchase</span>
          </p>
          <p className="break-words whitespace-pre-line">{review.body}</p>
        </li>
      ))}
    </ul>
  );
}
