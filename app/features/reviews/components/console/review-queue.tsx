import { useEffect, useRef } from 'react';
import { Form, Link, useActionData } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { TextAreaField } from '~/components/ui/field';
import { ConsoleMessage } from '~/console/console-message';
import { ConsoleFilterTabs } from '~/console/console-filter-tabs';
import { ConsoleList } from '~/console/console-list';
import { formatDateTime } from '~/console/console';
import type { FormAnswer } from '~/lib/form-answer';
import type { QueuedReview } from '../../review-moderation.server';
import { REVIEW_LIMITS, type ReviewStatus } from '../../reviews';

const TABS: readonly [ReviewStatus, string][] = [
  ['pending', 'Waiting'],
  ['published', 'Published'],
  ['rejected', 'Rejected'],
];

interface QueueProps {
  reviews: QueuedReview[];
  hasNext: boolean;
  pendingCount: number;
  filter: { status: ReviewStatus; page: number };
}

/** /admin/reviews: buyers' reviews of one status, each to publish or reject with a reason. */
export function ReviewQueue({ reviews, hasNext, pendingCount, filter }: QueueProps) {
  const answer = useActionData<FormAnswer>();
  // The button pressed is gone with its review: focus goes to what happened, which is read
  // out, or to the reason still to be given.
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!answer) return;
    const invalid = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    (invalid ?? messageRef.current)?.focus();
  }, [answer]);
  const pageLink = (page: number) => `/admin/reviews?status=${filter.status}&page=${page}`;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Reviews</h1>
      <p>
        {pendingCount.toLocaleString('en-US')} {pendingCount === 1 ? 'review is' : 'reviews are'} waiting to
        be checked. Publish what is about the product; reject anything with a person&apos;s health or contact
        details, abuse or advertising, and say why: the customer reads the reason.
      </p>
      <ConsoleFilterTabs
        label="Reviews by status"
        tabs={TABS}
        current={filter.status}
        href={(status) => `/admin/reviews?status=${status}`}
      />
      <div ref={messageRef} tabIndex={-1}>
        <ConsoleMessage />
      </div>
      <ConsoleList
        rows={reviews}
        rowKey={(review) => review.id}
        emptyMessage="No reviews here."
        announceEmpty={false}
        itemClassName="py-4"
        item={(review) => <QueuedReviewItem review={review} answer={answer} />}
        pager={{ label: 'Pages of reviews', page: filter.page, hasNext, hrefFor: pageLink }}
      />
    </div>
  );
}

function QueuedReviewItem({ review, answer }: { review: QueuedReview; answer: FormAnswer | undefined }) {
  const whose = `${review.firstName}’s review of ${review.productName}`;
  const mine = answer?.values?.id === review.id;
  const titleId = `review-${review.id}`;
  return (
    <article aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-xl font-bold break-words">
        <Link to={`/product/${review.productId}`} className="text-brand underline">
          {review.productName}
        </Link>
      </h2>
      <p>
        <span aria-hidden="true" className="text-amber-600">
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>{' '}
        Rated {review.rating} out of 5
      </p>
      {review.title ? <p className="font-bold break-words">{review.title}</p> : null}
      <blockquote className="rounded-md border-l-4 border-brand bg-surface p-4 break-words whitespace-pre-wrap">
        {review.body}
      </blockquote>
      <p className="text-sm">
        By {review.firstName} · order{' '}
        <Link to={`/admin/orders/${review.reference}`} className="text-brand underline">
          {review.reference}
        </Link>{' '}
        · written {formatDateTime(review.writtenAt)}
        {review.moderatedAt ? ` · checked ${formatDateTime(review.moderatedAt)}` : ''}
      </p>
      {review.status === 'rejected' && review.reason ? (
        <p className="break-words">Reason given: {review.reason}</p>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        {review.status === 'published' ? null : (
          <Form method="post">
            <input type="hidden" name="id" value={review.id} />
            <input type="hidden" name="version" value={review.writtenAt} />
            <button type="submit" name="intent" value="publish" className={primaryButton}>
              Publish<span className="sr-only"> {whose}</span>
            </button>
          </Form>
        )}
        {review.status === 'rejected' ? null : (
          <Form method="post" className="flex-1 space-y-2">
            <input type="hidden" name="id" value={review.id} />
            <input type="hidden" name="version" value={review.writtenAt} />
            <TextAreaField
              label={review.status === 'published' ? `Why unpublish ${whose}?` : `Why not publish ${whose}?`}
              hint="The customer reads this beside their order."
              name="reason"
              rows={2}
              maxLength={REVIEW_LIMITS.reason}
              defaultValue={mine && !answer?.ok ? answer?.values?.reason : undefined}
              error={mine ? answer?.fields?.reason : undefined}
            />
            <button type="submit" name="intent" value="reject" className={secondaryButton}>
              {review.status === 'published' ? 'Unpublish' : 'Reject'}
              <span className="sr-only"> {whose}</span>
            </button>
          </Form>
        )}
      </div>
    </article>
  );
}
