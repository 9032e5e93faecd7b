import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { secondaryButton } from '~/components/ui/button-styles';
import type { AccessAnswer } from '../account-forms';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { ResultMessage } from '~/components/ui/result-message';

/**
 * Shown when a sign-in is refused because the email address is not confirmed yet. The button
 * sends the form `formId` (the email, beside the sign-in form): by itself without scripts.
 */
export function ResendVerification({ formId }: { formId: string }) {
  const posted = usePostedAnswer<AccessAnswer>('resend-verification');
  const { messageRef, message, showAnswer } = useResultMessage(answerMessage(posted));
  const { pending, submit } = useActionForm<AccessAnswer>('resend-verification', showAnswer);

  return (
    <div className="mt-3 space-y-3 font-normal text-fg">
      <button
        type="submit"
        form={formId}
        className={secondaryButton}
        disabled={pending}
        onClick={(event) => {
          event.preventDefault();
          const { form } = event.currentTarget;
          if (form) submit(form);
        }}
      >
        {pending ? 'Sending...' : 'Send the confirmation email again'}
      </button>
      <ResultMessage ref={messageRef} message={message} />
    </div>
  );
}
