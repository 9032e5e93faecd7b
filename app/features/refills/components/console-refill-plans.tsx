import { Form, useActionData, useNavigation } from 'react-router';
import { dangerButton, secondaryButton } from '~/components/ui/button-styles';
import { TextAreaField } from '~/components/ui/field';
import type { RefillPlanView } from '~/commerce/refills/refill-plans';
import { answeredField } from '~/lib/form-answer';
import type { RefillAnswer } from '../refill-account.server';
import { PlanDetails } from './plan-details';

/** The console customer page's "Refill plans": each plan, and pausing, resuming or cancelling it with a reason. */
export function ConsoleRefillPlans({ plans }: { plans: RefillPlanView[] }) {
  const answer = useActionData<RefillAnswer>();
  const sending = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="refill-plans-title" className="space-y-2">
      <h2 id="refill-plans-title" className="text-xl font-bold">
        Refill plans
      </h2>
      {plans.length === 0 ? (
        <p>No refill plans.</p>
      ) : (
        <ul className="space-y-4">
          {plans.map((plan) => {
            const mine = answer?.planId === plan.id ? answer : undefined;
            return (
              <li key={plan.id} className="rounded-md border border-border p-3">
                <PlanDetails plan={plan} headingLevel="h3" shopperView={false} />
                {plan.status === 'cancelled' ? null : (
                  <Form method="post" className="mt-3 space-y-3" aria-label={`Change refill plan ${plan.id}`}>
                    <input type="hidden" name="planId" value={plan.id} />
                    <TextAreaField
                      label="Reason"
                      hint="Required, and recorded in the audit log; the customer may read it."
                      rows={2}
                      maxLength={500}
                      {...answeredField(mine, 'reason')}
                    />
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="submit"
                        name="intent"
                        value={plan.status === 'active' ? 'refill-pause' : 'refill-resume'}
                        className={secondaryButton}
                        disabled={sending}
                      >
                        {plan.status === 'active' ? 'Pause plan' : 'Resume plan'}
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="refill-cancel"
                        className={dangerButton}
                        disabled={sending}
                      >
                        Cancel plan
                      </button>
                    </div>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
