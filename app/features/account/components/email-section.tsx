import { type FormEvent, useState } from 'react';
import { Field } from '~/components/ui/field';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import type { AccountAnswer } from '../account-forms';
import { emailSchema } from '../account.schema';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { AccountSection } from './account-section';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

/**
 * The account's email address: a new one is confirmed by a link sent to it. An account made by
 * a code by text has none yet (its placeholder is never shown).
 */
export function EmailSection({ email }: { email: string | null }) {
  const posted = usePostedAnswer<AccountAnswer>('email-change');
  const [value, setValue] = useState(posted?.ok ? '' : (posted?.values?.email ?? ''));
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const { pending, submit } = useActionForm<AccountAnswer>('email-change', (answer) => {
    if (answer.ok) setValue('');
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !check(emailSchema, { email: value })) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <AccountSection title="Email address">
      <p>
        {email ? (
          <>
            Your email address is <strong>{email}</strong>. Order updates and sign-in links go there.
          </>
        ) : (
          'Your account has no email address yet. Add one to get order updates and receipts by email.'
        )}
      </p>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="email-change" />
        <Field
          label={email ? 'New email address' : 'Email address'}
          name="email"
          type="email"
          autoComplete="email"
          hint="We send a link to it; the address changes when you open it."
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={errors.email}
        />
        <ResultMessage ref={messageRef} message={message} />
        <SubmitButton pending={pending} pendingLabel="Sending...">
          Send a confirmation link
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
