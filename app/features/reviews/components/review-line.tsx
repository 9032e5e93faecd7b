import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ownReviewText, type OwnReview, reviewPath } from '../reviews';

/**
 * Under a line of a delivered order: what became of the buyer's review of it, and the link to
 * write it or change it. The link's name says which product (an order lists several).
 */
export function ReviewLine({
  reference,
  productId,
  name,
  review,
}: {
  reference: string;
  productId: string;
  name: string;
  review: Pick<OwnReview, 'status' | 'reason'> | undefined;
}) {
  return (
    <span className="mt-1 block text-sm">
      {review ? <span className="block break-words">{ownReviewText(review)}</span> : null}
      <Link
        to={reviewPath(reference, productId)}
        className="inline-flex min-h-11 items-center font-bold text-brand underline underline-offset-2"
      >
        {review ? 'Edit your review' : 'Write a review'}
        <span className="sr-only"> of {name}</span>
      </Link>
    </span>
  );
}

/** The order page's answer to a review just sent: focused, so it is read out at once. */
export function ReviewThanks({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} className="mt-4 rounded-md border-2 border-success p-4 font-bold">
      {text}
    </p>
  );
}
