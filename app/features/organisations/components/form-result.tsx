import type { FormAnswer } from '~/lib/form-answer';

/** A form's outcome next to it: read out politely, or as an alert when refused. */
export function FormResult({ answer }: { answer: FormAnswer | undefined }) {
  if (!answer?.message) return null;
  return (
    <p
      role={answer.ok ? 'status' : 'alert'}
      className={`rounded-md border-2 p-3 font-bold ${answer.ok ? 'border-success text-success' : 'border-danger text-danger'}`}
    >
      {answer.message}
    </p>
  );
}
