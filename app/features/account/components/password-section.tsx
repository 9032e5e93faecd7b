import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { postJson } from '~/lib/api-client';
import { newPasswordSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '../use-result-message';
import { AccountSection } from './account-section';
import { Field } from '~/components/ui/field';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

const changeSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  password: newPasswordSchema.shape.password,
});
const EMPTY = { currentPassword: '', password: '', confirm: '' };

/** Changing the password signs out every other device. */
export function PasswordSection() {
  const [values, setValues] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const { formRef, errors, check, showErrors } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();
  const { revalidate } = useRevalidator();

  const bind = (name: keyof typeof EMPTY) => ({
    name,
    type: 'password',
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const mismatch = values.password !== values.confirm ? 'Passwords do not match' : undefined;
    const input = check(changeSchema, values, { confirm: mismatch });
    if (!input) return;
    setPending(true);
    clearMessage();
    const response = await postJson('/api/auth/change-password', {
      currentPassword: input.currentPassword,
      newPassword: input.password,
      revokeOtherSessions: true,
    });
    if (response.ok) {
      setValues(EMPTY);
      await revalidate();
      showMessage('success', 'Password changed. Your other devices were signed out.');
    } else if (response.code === 'INVALID_PASSWORD') {
      showErrors({ currentPassword: response.message ?? 'Your current password is not correct' });
    } else {
      showMessage('error', response.message ?? 'We could not change your password. Please try again.');
    }
    setPending(false);
  }

  return (
    <AccountSection title="Password">
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
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
