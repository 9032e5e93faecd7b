import { type FormEvent, useState } from 'react';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import type { AccountAnswer } from '../account-forms';
import { nameSchema } from '../account.schema';
import { announceAuthChange } from '~/lib/auth-sync';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { AccountSection } from './account-section';
import { Field } from '~/components/ui/field';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

interface ProfileProps {
  user: { firstName: string; lastName: string; email: string };
  /** A plain POST's success, carried over its redirect back to this page. */
  notice: AccountAnswer | null;
}

export function ProfileSection({ user, notice }: ProfileProps) {
  const posted = usePostedAnswer<AccountAnswer>('profile');
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    ...posted?.values,
  });
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(
    answerMessage(posted ?? (notice?.intent === 'profile' ? notice : null)),
  );
  // The page data (header greeting included) is fresh again when the answer arrives.
  const { pending, submit } = useActionForm<AccountAnswer>('profile', (answer) => {
    if (answer.ok) announceAuthChange();
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !check(nameSchema, values)) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <AccountSection title="Profile">
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="profile" />
        <div className="grid gap-5 sm:grid-cols-2">
          {(['firstName', 'lastName'] as const).map((name) => (
            <Field
              key={name}
              label={name === 'firstName' ? 'First name' : 'Last name'}
              name={name}
              autoComplete={name === 'firstName' ? 'given-name' : 'family-name'}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              error={errors[name]}
            />
          ))}
        </div>
        {user.email ? (
          <Field
            label="Email"
            name="email"
            type="email"
            value={user.email}
            readOnly
            hint="Your sign-in email. Change it under Email address."
          />
        ) : null}
        <ResultMessage ref={messageRef} message={message} />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Save changes
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
