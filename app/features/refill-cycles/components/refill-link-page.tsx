import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { dangerButton, primaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { SubmitButton } from '~/components/ui/submit-button';
import { formatDay } from '~/commerce/refills/refill-dates';
import { ACCOUNT_REFILLS_PATH, type RefillLinkAction } from '~/commerce/refills/refill-paths';
import { STORE } from '~/lib/store-info';
import type { LinkAnswer, LinkPage } from '../refill-link.server';

/**
 * The reminder mail's link pages (docs/decisions/0065): what the link would do, and one button
 * that does it. Everything is a plain form: it works before the scripts load, or without them.
 */
export const LINK_TITLES: Record<RefillLinkAction, string> = {
  skip: 'Skip a delivery',
  date: 'Change the date of a delivery',
  cancel: 'Cancel your refill plan',
};

const plansLink = (
  <p>
    <Link to={ACCOUNT_REFILLS_PATH} className="font-bold text-brand underline underline-offset-2">
      See your refill plans in your account
    </Link>{' '}
    (you will be asked to sign in), or call us at {STORE.phone}.
  </p>
);

function Done({ done }: { done: NonNullable<LinkAnswer['done']> }) {
  if (done.action === 'skip') {
    return (
      <Notice kind="success" title="Delivery skipped">
        <p>
          We will not send or charge the delivery of {formatDay(done.date ?? '')}. Your next delivery is on{' '}
          {formatDay(done.next ?? '')}.
        </p>
        {plansLink}
      </Notice>
    );
  }
  if (done.action === 'date') {
    return (
      <Notice kind="success" title="Date changed">
        <p>Your next delivery is now on {formatDay(done.date ?? '')}. We will remind you 3 days before.</p>
        {plansLink}
      </Notice>
    );
  }
  return (
    <Notice kind="success" title="Refill plan cancelled">
      <p>Your refill plan is cancelled: nothing more will be sent or charged. Your saved card was removed.</p>
      {plansLink}
    </Notice>
  );
}

export function RefillLinkPage({ page, answer }: { page: LinkPage; answer: LinkAnswer | undefined }) {
  const title = LINK_TITLES[page.action];
  const submitting = useNavigation().state === 'submitting';
  let body: ReactNode;
  if (answer?.ok && answer.done) {
    body = <Done done={answer.done} />;
  } else if (!page.valid || (answer && !answer.ok && !answer.fields)) {
    body = (
      <Notice kind="error" title="This link is no longer valid">
        <p>
          The delivery this link was for has already been skipped, moved, sent or cancelled, or the link is
          not complete. Nothing was changed.
        </p>
        {plansLink}
      </Notice>
    );
  } else {
    const when = formatDay(page.dueDate);
    body = (
      <>
        <p>
          Your next delivery is on <strong>{when}</strong>, charged to {page.card}:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          {page.lines.map((line) => (
            <li key={line.name}>
              {line.quantity} x {line.name}
            </li>
          ))}
        </ul>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="key" value={page.key} />
          {page.action === 'skip' ? (
            <p>
              If you skip it, nothing is sent or charged then, and your next delivery is on{' '}
              {formatDay(page.nextAfterSkip)}.
            </p>
          ) : null}
          {page.action === 'date' ? (
            <Field
              label="New delivery date"
              type="date"
              name="date"
              required
              min={page.range.first}
              max={page.range.last}
              defaultValue={answer?.values?.date ?? page.dueDate}
              hint={`From ${formatDay(page.range.first)} to ${formatDay(page.range.last)}.`}
              error={answer?.fields?.date}
            />
          ) : null}
          {page.action === 'cancel' ? (
            <p>
              If you cancel, no more deliveries are sent or charged, and we remove your saved card. This
              cannot be undone.
            </p>
          ) : null}
          <SubmitButton
            pending={submitting}
            pendingLabel="Please wait..."
            className={page.action === 'cancel' ? dangerButton : primaryButton}
          >
            {page.action === 'skip'
              ? 'Skip this delivery'
              : page.action === 'date'
                ? 'Change the date'
                : 'Cancel my refill plan'}
          </SubmitButton>
        </Form>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{title}</h1>
      <div className="mt-6 space-y-5">{body}</div>
    </div>
  );
}
