import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { dangerButton } from '~/components/ui/button-styles';
import { notify } from '~/lib/toast';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { announceAuthChange } from '~/lib/auth-sync';
import type { DeleteAccountAnswer } from '../account-data-actions.server';

const CONFIRM_ID = 'delete-account-confirm';

/**
 * Deleting the account, in the sign-in and security settings (which a recent sign-in opens).
 * Orders stay without the person's name, street, phone and email, as sales records must.
 */
export function DeleteAccount() {
  const posted = usePostedAnswer<DeleteAccountAnswer>('delete-account');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState(posted?.fields?.confirm);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const navigate = useNavigate();
  const { pending, submit } = useActionForm<DeleteAccountAnswer>('delete-account', async (answer) => {
    if (answer.ok) {
      notify.success('Your account was deleted', { description: 'We emailed you a confirmation.' });
      await navigate('/', { replace: true });
      announceAuthChange();
      return;
    }
    setError(answer.fields?.confirm);
    showAnswer(answer);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!confirmed) {
      setError('Tick the box to confirm that you want to delete your account.');
      document.getElementById(CONFIRM_ID)?.focus();
      return;
    }
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value="delete-account" />
      <p>
        Deleting your account removes your profile, sign-in methods, addresses, wishlist, saved cart,
        newsletter subscription, reviews, quotes, organisation membership and messages to us. It cannot be
        undone. Your orders and their invoices stay in our sales records without your name, street address,
        phone number or email, as the law requires.
      </p>
      <div>
        <label htmlFor={CONFIRM_ID} className="flex items-start gap-3">
          <input
            id={CONFIRM_ID}
            type="checkbox"
            name="confirm"
            value="yes"
            checked={confirmed}
            onChange={(e) => {
              setConfirmed(e.target.checked);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${CONFIRM_ID}-error` : undefined}
            className="mt-1 size-5"
          />
          <span>I understand that my account will be deleted and cannot be restored.</span>
        </label>
        {error ? (
          <p id={`${CONFIRM_ID}-error`} className="mt-1 font-bold text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <ResultMessage ref={messageRef} message={message} />
      <SubmitButton pending={pending} pendingLabel="Deleting your account..." className={dangerButton}>
        Delete my account
      </SubmitButton>
    </form>
  );
}
