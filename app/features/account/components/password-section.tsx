import { type FormEvent, useState } from 'react';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import type { AccountAnswer } from '../account-forms';
import { changePasswordSchema, confirmError, newPasswordSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { AccountSection } from './account-section';
import { Field } from '~/components/ui/field';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

const EMPTY = { currentPassword: '', password: '', confirm: '' };

/**
 * Changing the password signs out every other device. An account made by a code or link by
 * email has none: it can set one (mode=set), with no current password to give.
 */
export function PasswordSection({
  notice,
  hasPassword,
}: {
  notice: AccountAnswer | null;
  hasPassword: boolean;
}) {
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
    const schema = hasPassword ? changePasswordSchema : newPasswordSchema;
    if (pending || !check(schema, values, extra)) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <AccountSection title="Password">
      {hasPassword ? null : (
        <p>
          You sign in with a code or a link by email. You can also set a password, to sign in with it or to
          turn on two-factor authentication.
        </p>
      )}
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="password" />
        {hasPassword ? (
          <Field label="Current password" autoComplete="current-password" {...bind('currentPassword')} />
        ) : (
          <input type="hidden" name="mode" value="set" />
        )}
        <Field
          label="New password"
          autoComplete="new-password"
          hint="At least 10 characters, not a common password."
          {...bind('password')}
        />
        <Field label="Confirm new password" autoComplete="new-password" {...bind('confirm')} />
        <ResultMessage ref={messageRef} message={message} />
        <SubmitButton
          pending={pending}
          pendingLabel={hasPassword ? 'Changing password...' : 'Saving password...'}
        >
          {hasPassword ? 'Change password' : 'Set password'}
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
