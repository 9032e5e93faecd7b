import { type FormEvent, useState } from 'react';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import type { AccountAnswer } from '../account-forms';
import { changePasswordSchema, confirmError } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '../use-result-message';
import { AccountSection } from './account-section';
import { Field } from '~/components/ui/field';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

const EMPTY = { currentPassword: '', password: '', confirm: '' };

/** Changing the password signs out every other device. */
export function PasswordSection({ notice }: { notice: AccountAnswer | null }) {
  const posted = usePostedAnswer<AccountAnswer>('password');
  const [values, setValues] = useState(EMPTY);
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(
    answerMessage(posted ?? (notice?.intent === 'password' ? notice : null)),
  );
  const { pending, submit } = useActionForm<AccountAnswer>('password', (answer) => {
    if (answer.ok) setValues(EMPTY);
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  });

  const bind = (name: keyof typeof EMPTY) => ({
    name,
    type: 'password',
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const extra = { confirm: confirmError(values.password, values.confirm) };
    if (pending || !check(changePasswordSchema, values, extra)) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <AccountSection title="Password">
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="password" />
        <Field label="Current password" autoComplete="current-password" {...bind('currentPassword')} />
        <Field
          label="New password"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...bind('password')}
        />
        <Field label="Confirm new password" autoComplete="new-password" {...bind('confirm')} />
        <ResultMessage ref={messageRef} message={message} />
        <SubmitButton pending={pending} pendingLabel="Changing password...">
          Change password
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
