import { type FormEvent, useId, useState } from 'react';
import { postJson } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { linkButton } from '~/components/ui/button-styles';
import { loginSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '../use-result-message';
import { Field } from '~/components/ui/field';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResendVerification } from './resend-verification';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

const UNVERIFIED = 'Please confirm your email address first. We sent you a link when you registered.';

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  initialForgot: boolean;
  /** The password was right and the account asks for a second factor. */
  onTwoFactor: () => void;
  onSignedIn: () => Promise<void>;
  /** A new attempt: earlier notices (such as "registration successful") no longer apply. */
  onAttempt: () => void;
}

export function LoginForm(props: LoginFormProps) {
  const { email, onEmailChange, initialForgot, onTwoFactor, onSignedIn, onAttempt } = props;
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(initialForgot);
  const { formRef, errors, check } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();
  const forgotId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const values = check(loginSchema, { email, password });
    if (!values) return;
    setPending(true);
    onAttempt();
    clearMessage();
    setUnverifiedEmail(null);
    try {
      const response = await postJson<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', values);
      if (response.ok && response.data?.twoFactorRedirect) return onTwoFactor();
      if (response.ok) return await onSignedIn();
      const unverified = response.code === 'EMAIL_NOT_VERIFIED';
      const reason = unverified ? UNVERIFIED : (response.message ?? 'Invalid email or password');
      if (unverified) setUnverifiedEmail(values.email);
      notify.error('Login failed', { description: reason });
      showMessage('error', reason);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => onEmailChange(e.target.value)}
          error={errors.email}
        />
        <div>
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <button
            type="button"
            className={linkButton}
            aria-expanded={forgotOpen}
            aria-controls={forgotOpen ? forgotId : undefined}
            onClick={() => setForgotOpen((open) => !open)}
          >
            Forgot password?
          </button>
        </div>
        <ResultMessage ref={messageRef} message={message}>
          {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
        </ResultMessage>
        <SubmitButton pending={pending} pendingLabel="Signing in...">
          Sign In
        </SubmitButton>
      </form>
      {forgotOpen ? <ForgotPasswordForm id={forgotId} initialEmail={email} /> : null}
    </>
  );
}
