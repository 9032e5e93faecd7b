import { Form } from 'react-router';
import { dangerButton, secondaryButton } from '~/components/ui/button-styles';
import type { FormAnswer } from '~/lib/form-answer';
import { FormResult } from './form-result';

/**
 * Leaving the organisation, in two steps: "Leave organisation" opens what it means, and only
 * the second button leaves. A refusal (the only admin) is said above the steps.
 */
export function LeaveOrganisation({
  organisation,
  answer,
}: {
  organisation: { id: string; name: string };
  answer: FormAnswer | undefined;
}) {
  return (
    <section aria-labelledby="leave-heading" className="space-y-2">
      <h2 id="leave-heading" className="text-2xl font-bold">
        Leave the organisation
      </h2>
      <FormResult answer={answer?.intent === 'leave' ? answer : undefined} />
      <details className="space-y-2">
        <summary className={`${secondaryButton} cursor-pointer`}>Leave organisation</summary>
        <div className="mt-2 space-y-2 rounded-md border border-border p-4">
          <p>
            When you leave {organisation.name}, its orders, approvals and invoices close to you at once, and
            you buy as yourself. To come back, an admin must invite you again.
          </p>
          <Form method="post">
            <input type="hidden" name="organisationId" value={organisation.id} />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" name="intent" value="leave" className={dangerButton}>
              Yes, leave {organisation.name}
            </button>
          </Form>
        </div>
      </details>
    </section>
  );
}
