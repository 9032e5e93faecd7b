import { useEffect, useRef } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, TextAreaField } from '~/components/ui/field';
import type { ReviewAnswer } from '../review.schema';
import {
  ownReviewText,
  type OwnReview,
  RATING_CHOICES,
  type ReviewableLine,
  REVIEW_LIMITS,
} from '../reviews';

/**
 * The buyer's review of one line of a delivered order. A plain form posting to its page's
 * action, so it works before and without scripts; the server checks everything (the page
 * carries no zod), and answers with a message per field and what was typed.
 */
export function ReviewFormPage({
  line,
  own,
}: {
  line: Pick<ReviewableLine, 'reference' | 'name'>;
  own: OwnReview | null;
}) {
  const answer = useActionData<ReviewAnswer>();
  const fields = answer?.fields ?? {};
  const values =
    answer?.values ?? (own ? { rating: String(own.rating), title: own.title, body: own.body } : {});
  const sending = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submission, the first field to correct takes focus (and is read out).
  useEffect(() => {
    if (answer && !answer.ok)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')?.focus();
  }, [answer]);
  const orderPath = `/account/orders/${line.reference}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'My Account', href: '/account' },
          { label: `Order ${line.reference}`, href: orderPath },
          { label: 'Review' },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold break-words sm:text-4xl">Review {line.name}</h1>
      <p className="mt-4">
        Bought in order {line.reference}. Once our staff have checked it, your review appears on the product
        page with your first name, the initial of your last name and &ldquo;Verified purchase&rdquo;.
      </p>
      {own ? (
        <p className="mt-2 font-bold">
          {ownReviewText(own)} If you change it, it is checked again before it appears.
        </p>
      ) : null}
      {answer?.message ? (
        <p role="alert" className="mt-4 rounded-md border-2 border-danger p-3 font-bold text-danger">
          {answer.message}
        </p>
      ) : null}
      <Form method="post" noValidate ref={formRef} className="mt-6 space-y-6">
        <input type="hidden" name="intent" value="review" />
        <fieldset>
          <legend className="font-bold">Your rating</legend>
          <div className="mt-2 flex flex-col gap-2">
            {RATING_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-1 hover:bg-surface"
              >
                <input
                  type="radio"
                  name="rating"
                  value={choice.value}
                  defaultChecked={values.rating === choice.value}
                  // Radios take no aria-invalid: the error describes each, and the first is focused.
                  aria-describedby={fields.rating ? 'rating-error' : undefined}
                  data-invalid={fields.rating ? true : undefined}
                  className="h-5 w-5 shrink-0"
                />
                {/* Stars and words side by side, or one above the other on a narrow screen. */}
                <span className="flex min-w-0 flex-wrap items-center gap-x-3">
                  <span aria-hidden="true" className="text-amber-600 sm:w-24">
                    {'★'.repeat(Number(choice.value))}
                  </span>
                  <span>{choice.label}</span>
                </span>
              </label>
            ))}
          </div>
          {fields.rating ? (
            <p id="rating-error" className="mt-1 text-sm font-bold text-danger">
              <span aria-hidden="true">⚠ </span>
              {fields.rating}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Title (optional)"
          name="title"
          maxLength={REVIEW_LIMITS.title}
          defaultValue={values.title}
          error={fields.title}
          hint="A few words that sum it up."
        />
        <TextAreaField
          label="Your review"
          name="body"
          required
          maxLength={REVIEW_LIMITS.body}
          rows={8}
          defaultValue={values.body}
          error={fields.body}
          hint="What you liked, what you did not, and who it suits: up to 2,000 characters. Please leave out anyone's health details."
        />
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? 'Sending...' : own ? 'Send changed review' : 'Send review'}
        </button>
      </Form>
    </div>
  );
}
