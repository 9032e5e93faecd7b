import { type FormEvent, useEffect, useRef, useState } from 'react';
import { postJson } from '~/lib/api-client';
import { secondaryButton } from '~/components/ui/button-styles';
import { loginSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '../use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

const emailSchema = loginSchema.pick({ email: true });
const SENT = 'If an account exists for that email, we sent a link to reset your password.';

/** Asks for a reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordForm({ id, initialEmail }: { id: string; initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [pending, setPending] = useState(false);
  const { formRef, errors, check } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const values = check(emailSchema, { email });
    if (!values) return;
    setPending(true);
    clearMessage();
    const response = await postJson('/api/auth/request-password-reset', {
      email: values.email,
      redirectTo: '/reset-password',
    });
    setPending(false);
    // Only a refusal to try (too many attempts, no connection) says anything else.
    if (!response.ok && (response.status === 429 || response.status === 0) && response.message) {
      showMessage('error', response.message);
    } else {
      showMessage('success', SENT);
    }
  }

  return (
    <section
      id={id}
      className="mt-6 rounded-lg border border-border bg-surface p-5"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Reset your password
      </h2>
      <p className="mt-1">Enter your email and we will send you a link to choose a new password.</p>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <Field
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <SubmitButton pending={pending} pendingLabel="Sending..." className={secondaryButton}>
          Send reset link
        </SubmitButton>
        <ResultMessage ref={messageRef} message={message} />
      </form>
    </section>
  );
}
