import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { linkButton } from '~/components/ui/button-styles';
import { notify } from '~/lib/toast';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import type { VerifyEmailAnswer } from '../account-forms';
import { announceAuthChange } from '~/lib/auth-sync';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

/**
 * /verify-email, where a confirmation mail's link lands. Opening it changes nothing (another site
 * could open it in the visitor's browser, and mail scanners open links too): the button confirms,
 * and signs a shopper in; staff and administrators are asked to sign in themselves.
 */
export function VerifyEmailLanding({
  token,
  callbackURL,
  newAddress,
}: {
  token: string;
  callbackURL: string;
  newAddress: boolean;
}) {
  const posted = usePostedAnswer<VerifyEmailAnswer>('verify-email');
  const [state, setState] = useState(stateOf(posted, token));
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const navigate = useNavigate();
  const { pending, submit } = useActionForm<VerifyEmailAnswer>('verify-email', async (answer) => {
    if (answer.ok && answer.to) {
      notify.success('Email address confirmed', { description: 'Welcome to MediSupply!' });
      await navigate(answer.to, { replace: true });
      announceAuthChange();
      return;
    }
    setState(stateOf(answer, token));
    showAnswer(answer);
  });
  const what = newAddress ? 'new email address' : 'email address';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <section aria-labelledby="verify-email-title" className="space-y-4">
      <h2 id="verify-email-title" className="text-2xl font-bold">
        {newAddress ? 'Confirm your new email address' : 'Confirm your email address'}
      </h2>
      {state === 'form' ? (
        <form method="post" onSubmit={onSubmit} className="space-y-5">
          <input type="hidden" name="intent" value="verify-email" />
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="callbackURL" value={callbackURL} />
          <p>Select the button to confirm this {what} for your MediSupply account.</p>
          <ResultMessage ref={messageRef} message={message} />
          <SubmitButton pending={pending} pendingLabel="Confirming...">
            {newAddress ? 'Confirm new email address' : 'Confirm email address'}
          </SubmitButton>
        </form>
      ) : (
        <ResultMessage
          ref={messageRef}
          message={message ?? { kind: 'error', text: 'This confirmation link is not complete.', id: 0 }}
        >
          <Link to="/login" className={`${linkButton} mt-2`}>
            {state === 'confirmed' ? 'Sign in' : 'Sign in to have a new link sent'}
          </Link>
        </ResultMessage>
      )}
    </section>
  );
}

function stateOf(answer: VerifyEmailAnswer | undefined, token: string): 'form' | 'confirmed' | 'invalid' {
  if (!token || answer?.invalid) return 'invalid';
  if (answer?.confirmed) return 'confirmed';
  return 'form';
}
