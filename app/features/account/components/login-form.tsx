import { type FormEvent, useId, useState } from 'react';
import { notify } from '~/lib/toast';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import { type AccessAnswer, UNVERIFIED } from '../account-forms';
import { emailSchema, loginSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { Field } from '~/components/ui/field';
import type { CodeChannel } from './code-step';
import { ForgotPasswordForm } from './forgot-password-form';
import { PhoneSignIn } from './phone-sign-in';
import { ResendVerification } from './resend-verification';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  initialForgot: boolean;
  redirectTo: string;
  /** The password was right and the account asks for a second factor. */
  onTwoFactor: () => void;
  onSignedIn: () => Promise<void>;
  /** A new attempt: earlier notices (such as "registration successful") no longer apply. */
  onAttempt: () => void;
  /** Offer "Sign in with my organisation" (its provider found by the email's domain). */
  organisations?: boolean;
  /** A sign-in code was emailed or texted: the page asks for it. */
  onCodeSent: (channel: CodeChannel, destination: string, message: string) => void;
}

export function LoginForm(props: LoginFormProps) {
  const { email, onEmailChange, initialForgot, redirectTo, onTwoFactor, onSignedIn, onAttempt, onCodeSent } =
    props;
  // A plain POST of this form, or of "send the confirmation email again", answered with the page.
  const initial = usePostedAnswer<AccessAnswer>('sign-in');
  const resent = usePostedAnswer<AccessAnswer>('resend-verification');
  const refused = resent ? { ok: false, message: UNVERIFIED } : initial;
  const [password, setPassword] = useState('');
  const [unverifiedEmail, setUnverifiedEmail] = useState(
    (resent ?? (initial?.unverified ? initial : undefined))?.values?.email ?? null,
  );
  const posted = usePostedAnswer<AccessAnswer>('forgot-password');
  const [forgotOpen, setForgotOpen] = useState(initialForgot || posted !== undefined);
  const { formRef, errors, check, showErrors } = useFormErrors(initial?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(refused));
  const forgotId = useId();
  const resendId = useId();

  const [sendingVia, setSendingVia] = useState<'code' | 'link' | 'organisation' | null>(null);
  const { pending, submit } = useActionForm<AccessAnswer>('sign-in', (answer) => {
    setSendingVia(null);
    if (answer.twoFactor) return onTwoFactor();
    if (answer.codeSent) return onCodeSent('email', answer.values?.email ?? email, answer.message ?? '');
    if (answer.ok && answer.message) return showAnswer(answer);
    if (answer.ok) return void onSignedIn();
    if (answer.fields) showErrors(answer.fields);
    if (answer.unverified) setUnverifiedEmail(answer.values?.email ?? email);
    if (answer.message) notify.error('Login failed', { description: answer.message });
    showAnswer(answer);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    // The button pressed: "Sign In", or one of the two that need only the email.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const via = submitter?.getAttribute('name') === 'via' ? submitter.getAttribute('value') : null;
    if (via !== 'code' && via !== 'link' && via !== 'organisation') {
      if (!check(loginSchema, { email, password })) return;
    } else if (!check(emailSchema, { email })) return;
    onAttempt();
    clearMessage();
    setUnverifiedEmail(null);
    setSendingVia(via === 'code' || via === 'link' || via === 'organisation' ? via : null);
    submit(event.currentTarget, via ? { via } : {});
  }

  // Without scripts the link opens the reset form on a new page; with them, in place.
  const forgotHref = `/login?forgot=1${redirectTo === '/' ? '' : `&redirectTo=${encodeURIComponent(redirectTo)}`}`;
  return (
    <>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="sign-in" />
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
          <a
            href={forgotHref}
            className={linkButton}
            aria-expanded={forgotOpen}
            aria-controls={forgotOpen ? forgotId : undefined}
            onClick={(event) => {
              event.preventDefault();
              setForgotOpen((open) => !open);
            }}
          >
            Forgot password?
          </a>
        </div>
        <ResultMessage ref={messageRef} message={message}>
          {unverifiedEmail ? <ResendVerification formId={resendId} /> : null}
        </ResultMessage>
        <SubmitButton pending={pending} pendingLabel={sendingVia ? 'Sign In' : 'Signing in...'}>
          Sign In
        </SubmitButton>
        <fieldset className="space-y-3 border-t border-border pt-5">
          <legend className="pr-2 font-bold">Or sign in without a password</legend>
          <p className="text-sm">
            We email you a 6-digit code or a link that works once, within 10 minutes. New here? This creates
            your account.
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="via" value="code" disabled={pending} className={secondaryButton}>
              {sendingVia === 'code' ? 'Sending...' : 'Email me a sign-in code'}
            </button>
            <button type="submit" name="via" value="link" disabled={pending} className={secondaryButton}>
              {sendingVia === 'link' ? 'Sending...' : 'Email me a link'}
            </button>
            {props.organisations ? (
              <button
                type="submit"
                name="via"
                value="organisation"
                disabled={pending}
                className={secondaryButton}
              >
                {sendingVia === 'organisation' ? 'Opening...' : 'Sign in with my organisation'}
              </button>
            ) : null}
          </div>
        </fieldset>
      </form>
      {/* Its button sits in the message above; a form cannot hold another form. */}
      {unverifiedEmail ? (
        <form id={resendId} method="post">
          <input type="hidden" name="intent" value="resend-verification" />
          <input type="hidden" name="email" value={unverifiedEmail} />
        </form>
      ) : null}
      {forgotOpen ? <ForgotPasswordForm id={forgotId} initialEmail={email} /> : null}
      <PhoneSignIn onCodeSent={(phoneNumber, sent) => onCodeSent('phone', phoneNumber, sent)} />
    </>
  );
}
