import { useEffect, useRef, useState } from 'react';
import { CardFields } from '~/commerce/components/card-fields';
import type { FieldErrors } from '~/lib/use-form-errors';
import type { FormAnswer } from '~/lib/form-answer';

/**
 * The card of a refill plan: the checkout's card fields, kept in the page's state (never sent
 * back by the server, so a refused form asks for the card again).
 */
export function RefillCardFields({ errors, disabled }: { errors: FieldErrors; disabled: boolean }) {
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <fieldset className="space-y-4">
      <legend className="text-xl font-bold">Card for the deliveries</legend>
      <p className="text-sm">
        Our payment processor keeps the card; we keep only its last four digits and expiry. It is charged for
        each delivery on the day the delivery is prepared.
      </p>
      <CardFields
        values={values}
        errors={errors}
        disabled={disabled}
        onChange={(name, value) => setValues((old) => ({ ...old, [name]: value }))}
      />
    </fieldset>
  );
}

/** A form's answer as a message that takes focus when it appears (so a screen reader reads it). */
export function AnswerMessage({ answer }: { answer: FormAnswer | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer?.message) ref.current?.focus();
  }, [answer]);
  if (!answer?.message) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={answer.ok ? 'status' : 'alert'}
      className={`rounded-md border-2 p-3 font-bold ${answer.ok ? 'border-success text-success' : 'border-danger text-danger'}`}
    >
      {answer.message}
    </div>
  );
}
