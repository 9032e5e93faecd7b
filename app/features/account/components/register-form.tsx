import { type FormEvent, useState } from 'react';
import { postJson } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { registrationSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '../use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

const EMPTY = { firstName: '', lastName: '', email: '', password: '' };

/** Creates an account; the store then mails a link to confirm the email address. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const { formRef, errors, check, showErrors } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();

  const bind = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = check(registrationSchema, values);
    if (!input) return;
    setPending(true);
    clearMessage();
    const response = await postJson('/api/auth/sign-up/email', {
      ...input,
      name: `${input.firstName} ${input.lastName}`,
      callbackURL: '/',
    });
    setPending(false);
    if (response.ok) {
      notify.success('Registration successful', {
        description: 'Please check your email to confirm your account.',
      });
      setValues(EMPTY);
      onRegistered(input.email);
      return;
    }
    const reason = response.message ?? 'Failed to create account';
    notify.error('Registration failed', { description: reason });
    if (response.fields) showErrors(response.fields);
    showMessage('error', reason);
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...bind('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...bind('lastName')} />
      </div>
      <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        {...bind('password')}
      />
      <ResultMessage ref={messageRef} message={message} />
      <SubmitButton pending={pending} pendingLabel="Creating Account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
