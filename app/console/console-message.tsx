import { useActionData } from 'react-router';
import type { FormAnswer } from '~/lib/form-answer';

/** The outcome of the console page's last form: announced politely, or as an alert when refused. */
export function ConsoleMessage() {
  const answer = useActionData<FormAnswer>();
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
