import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { secondaryButton } from '~/components/ui/button-styles';
import type { AccessAnswer } from '../account-forms';
import { emailSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

/** Asks for a reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordForm({ id, initialEmail }: { id: string; initialEmail: string }) {
  const posted = usePostedAnswer<AccessAnswer>('forgot-password');
  const [email, setEmail] = useState(posted?.values?.email ?? initialEmail);
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const emailRef = useRef<HTMLInputElement>(null);
  const { pending, submit } = useActionForm<AccessAnswer>('forgot-password', (answer) => {
    if (answer.fields) showErrors(answer.fields);
    // The same answer for every email; only a refusal to try (too many attempts) differs.
    showAnswer(answer);
  });

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !check(emailSchema, { email })) return;
    clearMessage();
    submit(event.currentTarget);
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
        <input type="hidden" name="intent" value="forgot-password" />
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
