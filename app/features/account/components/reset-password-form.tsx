import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { postJson } from '~/lib/api-client';
import { newPasswordSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '../use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

const linkClass = 'mt-2 inline-flex min-h-11 items-center text-brand underline underline-offset-2';

/** The link a reset mail leads to could not be used: offer to send a new one. */
export function InvalidResetLink() {
  return (
    <div className="rounded-md border-2 border-danger p-4">
      <p className="font-bold text-danger">This reset link is invalid or has expired.</p>
      <Link to="/login?forgot=1" className={linkClass}>
        Request a new reset link
      </Link>
    </div>
  );
}

/** Chooses a new password with the token from the reset mail. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const { formRef, errors, check } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const mismatch = password !== confirm ? 'Passwords do not match' : undefined;
    const values = check(newPasswordSchema, { password }, { confirm: mismatch });
    if (!values) return;
    setPending(true);
    clearMessage();
    const response = await postJson('/api/auth/reset-password', { newPassword: values.password, token });
    setPending(false);
    if (response.ok) {
      setState('done');
      showMessage('success', 'Your password has been reset. Please sign in.');
    } else if (response.status === 429 || response.status === 0 || response.code?.startsWith('PASSWORD')) {
      showMessage('error', response.message ?? 'We could not reset your password. Please try again.');
    } else {
      setState('invalid');
      showMessage('error', 'This reset link is invalid or has expired.');
    }
  }

  if (state === 'invalid') {
    return (
      <div ref={messageRef} tabIndex={-1}>
        <InvalidResetLink />
      </div>
    );
  }
  if (state === 'done') {
    return (
      <ResultMessage ref={messageRef} message={message}>
        <Link to="/login" className={linkClass}>
          Sign in
        </Link>
      </ResultMessage>
    );
  }
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label="Confirm password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <ResultMessage ref={messageRef} message={message} />
      <SubmitButton pending={pending} pendingLabel="Resetting password...">
        Reset password
      </SubmitButton>
    </form>
  );
}
