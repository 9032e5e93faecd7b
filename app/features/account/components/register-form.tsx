import { type FormEvent, useState } from 'react';
import { notify } from '~/lib/toast';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import type { AccessAnswer } from '../account-forms';
import { registrationSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

const EMPTY = { firstName: '', lastName: '', email: '', password: '' };

/** Creates an account; the store then mails a link to confirm the email address. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  // A refused plain POST comes back with what was typed; a successful one shows the sign-in tab.
  const posted = usePostedAnswer<AccessAnswer>('sign-up');
  const refused = posted?.ok ? undefined : posted;
  const [values, setValues] = useState({ ...EMPTY, ...refused?.values });
  const { formRef, errors, check, showErrors } = useFormErrors(refused?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(refused));
  const { pending, submit } = useActionForm<AccessAnswer>('sign-up', (answer) => {
    if (answer.ok) {
      notify.success('Registration successful', {
        description: 'Please check your email to confirm your account.',
      });
      setValues(EMPTY);
      onRegistered(answer.values?.email ?? '');
      return;
    }
    if (answer.fields) showErrors(answer.fields);
    if (answer.message) notify.error('Registration failed', { description: answer.message });
    showAnswer(answer);
  });

  const bind = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !check(registrationSchema, values)) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="intent" value="sign-up" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...bind('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...bind('lastName')} />
      </div>
      <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters, not a common password."
        {...bind('password')}
      />
      <ResultMessage ref={messageRef} message={message} />
      <SubmitButton pending={pending} pendingLabel="Creating Account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
