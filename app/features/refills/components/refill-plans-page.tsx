import { Form, Link, useActionData, useNavigation } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { dangerButton, primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, TextAreaField } from '~/components/ui/field';
import type { RefillPlanView } from '~/commerce/refills/refill-plans';
import { answeredField } from '~/lib/form-answer';
import type { RefillAnswer } from '../refill-account.server';
import { AnswerMessage, RefillCardFields } from './refill-card-fields';
import { PlanDetails } from './plan-details';

interface RefillPlansPageProps {
  plans: RefillPlanView[];
  /** The days the next delivery may be moved to. */
  moveRange: { first: string; last: string };
  /** Just set up: what the shopper is told. */
  created: string | null;
}

/** One button posting one intent for one plan. */
function PlanButton({
  planId,
  intent,
  label,
  primary,
  cycleId,
}: {
  planId: string;
  intent: string;
  label: string;
  primary?: boolean;
  /** The delivery it is about (a skip): a second click does not skip the one after. */
  cycleId?: string | null;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="planId" value={planId} />
      {cycleId ? <input type="hidden" name="cycleId" value={cycleId} /> : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={primary ? primaryButton : secondaryButton}
      >
        {label}
      </button>
    </Form>
  );
}

function PlanActions({
  plan,
  moveRange,
}: {
  plan: RefillPlanView;
  moveRange: { first: string; last: string };
}) {
  const answer = useActionData<RefillAnswer>();
  const mine = answer?.planId === plan.id ? answer : undefined;
  const sending = useNavigation().state === 'submitting';
  if (plan.status === 'cancelled') return <AnswerMessage answer={mine} />;
  return (
    <div className="mt-4 space-y-4">
      <AnswerMessage answer={mine} />
      <div className="flex flex-wrap gap-3">
        {plan.status === 'active' ? (
          <>
            <PlanButton
              planId={plan.id}
              intent="skip"
              label="Skip the next delivery"
              cycleId={plan.nextCycleId}
            />
            <PlanButton planId={plan.id} intent="pause" label="Pause the plan" />
          </>
        ) : (
          <PlanButton planId={plan.id} intent="resume" label="Resume the plan" primary />
        )}
      </div>
      <details className="rounded-md border border-border p-3">
        <summary className="min-h-11 cursor-pointer py-2 font-bold">Change the next delivery date</summary>
        <Form method="post" preventScrollReset className="mt-3 space-y-3">
          <input type="hidden" name="planId" value={plan.id} />
          {plan.nextCycleId ? <input type="hidden" name="cycleId" value={plan.nextCycleId} /> : null}
          <Field
            label="Next delivery"
            type="date"
            min={moveRange.first}
            max={moveRange.last}
            hint="From tomorrow to a year from today. Later deliveries follow on from it."
            {...answeredField(mine?.intent === 'move' ? mine : undefined, 'nextDate', plan.nextDate)}
          />
          <button type="submit" name="intent" value="move" className={secondaryButton} disabled={sending}>
            Move the delivery
          </button>
        </Form>
      </details>
      <details className="rounded-md border border-border p-3">
        <summary className="min-h-11 cursor-pointer py-2 font-bold">Change the card</summary>
        <Form method="post" preventScrollReset className="mt-3 space-y-4" noValidate>
          <input type="hidden" name="planId" value={plan.id} />
          <RefillCardFields errors={mine?.intent === 'card' ? (mine.fields ?? {}) : {}} disabled={sending} />
          <button type="submit" name="intent" value="card" className={secondaryButton} disabled={sending}>
            Save the new card
          </button>
        </Form>
      </details>
      <details className="rounded-md border border-border p-3">
        <summary className="min-h-11 cursor-pointer py-2 font-bold">Cancel the plan</summary>
        <Form method="post" preventScrollReset className="mt-3 space-y-3">
          <input type="hidden" name="planId" value={plan.id} />
          <p>
            Cancelling stops every later delivery and charge, and we no longer keep the card. It cannot be
            undone.
          </p>
          <TextAreaField label="Why are you cancelling? (optional)" name="reason" rows={2} maxLength={500} />
          <button type="submit" name="intent" value="cancel" className={dangerButton} disabled={sending}>
            Yes, cancel this plan
          </button>
        </Form>
      </details>
    </div>
  );
}

/** /account/refills: the shopper's refill plans and what they may change. */
export function RefillPlansPage({ plans, moveRange, created }: RefillPlansPageProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'My Account', href: '/account' },
          { label: 'Refill plans' },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Refill plans</h1>
      {created ? (
        <p role="status" className="mt-4 rounded-md border-2 border-success p-3 font-bold text-success">
          {created}
        </p>
      ) : null}
      <p className="mt-4">
        Supplies you use up, delivered on a schedule. We email you 3 days before each delivery. To start a new
        plan, choose &quot;Deliver on a schedule&quot; on a product&apos;s page, such as{' '}
        <Link
          to="/category/respiratory/cpap-bipap"
          className="text-brand font-bold underline underline-offset-2"
        >
          CPAP supplies
        </Link>
        .
      </p>
      {plans.length === 0 ? (
        <p className="mt-6">You have no refill plans yet.</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {plans.map((plan) => (
            <li key={plan.id} id={`plan-${plan.id}`} className="rounded-lg border border-border p-4">
              <PlanDetails plan={plan} headingLevel="h2" />
              <PlanActions plan={plan} moveRange={moveRange} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
